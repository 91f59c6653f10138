/**
 * Competitors of the start list who take no place: DNS, DNF, DQ (with the rule, and the time of a competitor
 * disqualified after finishing, kept for the record), and those with neither a mark nor a status ("unmarked",
 * which stops certification). Listed after the placed finishers: DNF, DQ, DNS, then unmarked, each in start-list
 * order, as FinishLynx lists them.
 */
import type { Competitor, Mark } from '../race/document.js';
import { statusKind, type CompetitorStatus, type StatusName } from '../race/status.js';
import { markTime } from '../marks/interpolate.js';
import { affiliationOf } from '../race/affiliation.js';
import { ticksToSeconds, type Ticks } from '../time/ticks.js';

export type OtherStatus = StatusName | 'unmarked';

export interface OtherResult {
  competitor: string;
  name: string;
  status: OtherStatus;
  /** DQ: the rule broken. */
  rule: string | null;
  reason: string | null;
  /** The official who recorded the status (null for unmarked). */
  by: string | null;
  /** A DQ after finishing keeps the time for the record. */
  time_s: number | null;
  time_ns: string | null;
  /** The time as the sport would publish it (for the record only; it takes no place). */
  time_display: string;
  team?: string;
  lane?: string;
}

/** Those who started and did not finish (DNF, and racing's PU, F, UR, ...), the disqualified, non-starters, unmarked. */
const GROUP_ORDER = { 'not-finished': 0, disqualified: 1, 'not-started': 2 } as const;
const orderOf = (s: OtherStatus): number => (s === 'unmarked' ? 3 : GROUP_ORDER[statusKind(s).group]);

export function otherResults(
  competitors: readonly Competitor[],
  placed: ReadonlySet<string>,
  statuses: readonly CompetitorStatus[],
  marks: ReadonlyMap<string, Mark>,
  times: readonly Ticks[],
  publish: (mark: Mark, t: Ticks) => string,
  /** Time zero on the footage clock: a DQ's time for the record is a race time like every other. */
  zero: Ticks,
  /** Ticks → `_s` seconds (rules 3: the exact decimal). */
  seconds: (t: Ticks) => number = ticksToSeconds,
): OtherResult[] {
  const byId = new Map(statuses.map((s) => [s.competitorId, s]));
  const rows = competitors
    .filter((c) => !placed.has(c.id))
    .map((c, order) => {
      const st = byId.get(c.id);
      const mark = marks.get(c.id);
      const t = mark && st?.status === 'DQ' ? markTime(mark, times, zero) : null;
      const row: OtherResult = {
        competitor: c.id,
        name: c.name,
        status: st?.status ?? 'unmarked',
        rule: st?.rule ?? null,
        reason: st?.reason ?? null,
        by: st?.by ?? null,
        time_s: t === null ? null : seconds(t),
        time_ns: t === null ? null : t.toString(),
        time_display: t === null || !mark ? '' : publish(mark, t),
        ...(affiliationOf(c) ? { team: affiliationOf(c) } : {}),
        ...(c.lane ? { lane: c.lane } : {}),
      };
      return { row, order };
    });
  rows.sort((a, b) => orderOf(a.row.status) - orderOf(b.row.status) || a.order - b.order);
  return rows.map((r) => r.row);
}
