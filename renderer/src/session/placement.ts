/**
 * Where a competitor's mark stands, in the terms the workspace needs to place one: its race time and its column on
 * the picture (marks kept as times, accepted suggestions and typed times, have a column too), and which competitor
 * comes next for marking. Pure reads of the race; no DOM.
 */
import type { LeanRaceView } from '../../../app/api/types.js';
import type { Mark } from '../../../app/domain/race/document.js';
import { raceTimeOfTimeMark, zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import { columnAtTime, timeAtMilliColumn } from '../../../app/domain/time/column-time.js';
import type { Ticks } from '../../../app/domain/time/ticks.js';

/** A mark's race time (`times`: every column's time on the race clock). */
export function markRaceTime(race: LeanRaceView, times: readonly Ticks[], m: Mark): Ticks {
  return m.position.kind === 'column' ? timeAtMilliColumn(times, m.position.milliColumn) : raceTimeOfTimeMark({ ...m, position: m.position }, zeroOfInfo(race.results.start));
}

/** A mark's (fractional) column on the picture. */
export function markColumn(race: LeanRaceView, times: readonly Ticks[], m: Mark): number {
  return m.position.kind === 'column' ? m.position.milliColumn / 1000 : columnAtTime(times, markRaceTime(race, times, m));
}

/**
 * The competitor to mark after `afterId`: the next one in start-list order with neither a mark nor a status,
 * wrapping round to the top; null when everyone is accounted for.
 */
export function nextUnaccounted(race: LeanRaceView, afterId: string | null): string | null {
  const done = new Set([...race.marks.map((m) => m.competitorId), ...race.statuses.map((s) => s.competitorId)]);
  const ids = race.competitors.map((c) => c.id);
  const start = afterId === null ? -1 : ids.indexOf(afterId);
  for (let k = 1; k <= ids.length; k++) {
    const id = ids[(start + k + ids.length) % ids.length] as string;
    if (!done.has(id)) return id;
  }
  return null;
}

/** Which suggested edge a competitor's accepted mark came from (null: none of them). */
export function acceptedFor(race: LeanRaceView, index: number): string | null {
  return race.marks.find((m) => m.origin === 'suggestion' && m.suggestion?.index === index)?.competitorId ?? null;
}

/**
 * The suggestion to pair next after `afterIndex` (null: from the earliest): the next one nobody has accepted, in
 * index (time) order, wrapping round; null when every one is accepted.
 */
export function nextUnaccepted(race: LeanRaceView, indices: readonly number[], afterIndex: number | null): number | null {
  const sorted = [...indices].sort((a, b) => a - b);
  const start = afterIndex === null ? -1 : sorted.indexOf(afterIndex);
  for (let k = 1; k <= sorted.length; k++) {
    const i = sorted[(start + k + sorted.length) % sorted.length] as number;
    if (acceptedFor(race, i) === null) return i;
  }
  return null;
}
