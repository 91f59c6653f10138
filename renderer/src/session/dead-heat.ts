/**
 * What a dead-heat declaration would do, worked out before the official confirms it: who is in it (in finishing
 * order), which place they would share, and why it cannot be declared as ticked: not next to each other, or (the
 * engine's own rule, results/dead-heat-rule.ts) not inseparable at the sport's published precision.
 */
import type { FinisherResult, LeanRaceView } from '../../../app/api/types.js';
import type { Mark } from '../../../app/domain/race/document.js';
import { deadHeatRefusal, joinDeadHeats } from '../../../app/domain/results/dead-heat-rule.js';
import { zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import type { Ticks } from '../../../app/domain/time/ticks.js';
import { readOnlyRefusal } from '../session/read-only.js';

export interface DeadHeatPlan {
  /** The ticked finishers in finishing order. */
  members: FinisherResult[];
  /** The place they would share. */
  place: number | null;
  /** Why it cannot be declared (shown instead of the confirm button), or null. */
  refusal: string | null;
  /** True where the published times differ: the photo separates them and the officials overrule it. */
  publishedTimesDiffer: boolean;
  /** Set where exactly these competitors already share a declared dead heat. */
  alreadyDeclaredBy: string | null;
  /** The declared dead heats this one joins ("the dead heat between #24 and #11 (declared by …)"), or null. */
  joins: string | null;
}

export const tag = (f: FinisherResult) => `#${f.competitor}${f.name ? ` ${f.name}` : ''}`;

/** `times`: the race's column times, to apply the engine's own rule (the same published time, or within a frame). */
export function planDeadHeat(race: LeanRaceView, ids: readonly string[], times?: readonly Ticks[]): DeadHeatPlan {
  const placed = race.results.finishers.filter((f) => f.place !== null);
  const members = placed.filter((f) => ids.includes(f.competitor));
  const place = members[0]?.place ?? null;
  const publishedTimesDiffer = new Set(members.map((f) => f.time_display)).size > 1;
  const same = race.deadHeats.find((dh) => dh.competitors.length === members.length && members.every((m) => dh.competitors.includes(m.competitor)));
  const plan = { members, place, publishedTimesDiffer, alreadyDeclaredBy: same ? same.by : null, joins: null };
  const readOnly = readOnlyRefusal(race, 'declare a dead heat');
  if (readOnly) return { ...plan, refusal: readOnly };
  const unmarked = ids.filter((id) => !placed.some((f) => f.competitor === id));
  if (unmarked.length > 0) {
    return { ...plan, refusal: `${unmarked.map((id) => `#${id}`).join(', ')} ${unmarked.length === 1 ? 'has' : 'have'} no mark: mark every competitor of a dead heat first.` };
  }
  if (members.length < 2) return { ...plan, refusal: 'Tick two or more finishers in the results table to declare a dead heat between them.' };
  const first = placed.indexOf(members[0] as FinisherResult);
  const last = placed.indexOf(members[members.length - 1] as FinisherResult);
  const between = placed.slice(first, last + 1).filter((f) => !ids.includes(f.competitor));
  if (between.length > 0) {
    return {
      ...plan,
      refusal: `${between.map(tag).join(', ')} finish${between.length === 1 ? 'es' : ''} between them: a dead heat is between finishers next to each other. Tick ${between.length === 1 ? 'it' : 'them'} too, or untick the others.`,
    };
  }
  if (same) return { ...plan, refusal: `These finishers already share a dead heat, declared by ${same.by}.` };
  if (times) {
    const markOf = (id: string) => race.marks.find((m) => m.competitorId === id) as Mark;
    const marks = members.map((f) => markOf(f.competitor)).filter((m): m is Mark => m !== undefined);
    // The engine's rule works on the footage clock with time zero (accepted edges are footage times); the session
    // holds column times on the race clock, so they go back by zero first.
    const zero = zeroOfInfo(race.results.start);
    const footage = zero === 0n ? times : times.map((t) => t + zero);
    const why = deadHeatRefusal(race.sport.sport, marks, footage, zero);
    if (why) return { ...plan, refusal: `No dead heat: ${why}. Separate them on the photo, or re-read the marks if they cannot be separated.` };
    // One that overlaps a declared dead heat joins it (the engine's rule: domain/results/dead-heat-rule.ts) or is refused.
    const join = joinDeadHeats(race.sport.sport, race.deadHeats, members.map((f) => f.competitor), markOf, footage, zero);
    if (join.refusal) return { ...plan, refusal: `${join.refusal.charAt(0).toUpperCase()}${join.refusal.slice(1)}. Withdraw it first, or tick its finishers too.` };
    if (join.overlapping.length > 0) {
      const all = placed.filter((f) => join.members.includes(f.competitor));
      return { ...plan, members: all, place: all[0]?.place ?? place, publishedTimesDiffer: new Set(all.map((f) => f.time_display)).size > 1, joins: join.joins, refusal: null };
    }
  }
  return { ...plan, refusal: null };
}
