/**
 * When a dead heat may stand. It is an official's decision, but only where the evidence cannot separate the
 * competitors at the sport's published precision:
 *   motorsport, athletics  the same published time (nearest 1/1000 s; rounded up to 1/100 s, hand times 1/10 s);
 *   horse, greyhound       hairlines within one evidence resolution of each other (the local frame interval),
 *                          the judge deciding from the picture.
 * Declaring one is refused otherwise, and one that the marks stop supporting (a mark moved, removed) is withdrawn.
 */
import { evidenceAtMark, markTime } from '../marks/interpolate.js';
import type { DeadHeat, Mark, SportName } from '../race/document.js';
import { handTime } from '../sports/hand-time.js';
import { athleticsTime, motorsportTime } from '../sports/profiles.js';
import { ticksToDecimalSeconds, type Ticks } from '../time/ticks.js';

const PRECISION: Record<'motorsport' | 'athletics', string> = {
  motorsport: 'to the nearest 1/1000 s',
  athletics: 'rounded up to 1/100 s',
};

/** The time as the sport publishes it (for the dead-heat rule: equal text, equal time). */
export function publishedTime(sport: 'motorsport' | 'athletics', mark: Mark, times: readonly Ticks[], zero: Ticks): string {
  const t = markTime(mark, times, zero);
  if (mark.origin === 'hand') return handTime(t);
  return sport === 'athletics' ? athleticsTime(t) : motorsportTime(t);
}

/**
 * Why the marks do not support a dead heat between `marks` (two or more), or null where they do. `zero` is time zero
 * on the footage clock: published times are race times, and rounding up to 1/100 s depends on where zero falls.
 */
export function deadHeatRefusal(sport: SportName, marks: readonly Mark[], times: readonly Ticks[], zero: Ticks): string | null {
  if (sport === 'motorsport' || sport === 'athletics') {
    const published = marks.map((m) => ({ id: m.competitorId, text: publishedTime(sport, m, times, zero) }));
    const first = published[0];
    const other = published.find((p) => p.text !== first?.text);
    if (!first || !other) return null;
    return `#${first.id} (${first.text}) and #${other.id} (${other.text}) do not share a published time (${sport}: ${PRECISION[sport]})`;
  }
  for (let i = 0; i < marks.length; i++) {
    for (let j = i + 1; j < marks.length; j++) {
      const a = marks[i] as Mark;
      const b = marks[j] as Mark;
      const gap = abs(markTime(a, times, zero) - markTime(b, times, zero));
      const resolution = maxOf(evidenceAtMark(a, times, [], zero).resolution, evidenceAtMark(b, times, [], zero).resolution);
      if (gap > resolution) {
        return `the hairlines of #${a.competitorId} and #${b.competitorId} are ${ticksToDecimalSeconds(gap)} s apart, more than the picture's resolution there (${ticksToDecimalSeconds(resolution)} s): the picture separates them`;
      }
    }
  }
  return null;
}

const abs = (t: Ticks): Ticks => (t < 0n ? -t : t);
const maxOf = (a: Ticks | null, b: Ticks | null): Ticks => {
  const x = a ?? 0n;
  const y = b ?? 0n;
  return x > y ? x : y;
};

/** What declaring a dead heat between `ids` does to the dead heats already declared (each sharing one of them). */
export interface DeadHeatJoin {
  /** The declared dead heats it overlaps. */
  overlapping: DeadHeat[];
  /** Everyone in the one dead heat it makes (the overlapped ones joined to it), in the order named. */
  members: string[];
  /** "the dead heat between #24 and #11 (declared by Referee)": the overlapped ones, named. */
  joins: string;
  /** Why it is refused: already declared, or the joined group is not inseparable by the rule; null where it stands. */
  refusal: string | null;
}

const named = (ids: readonly string[]) => ids.map((c) => `#${c}`).join(' and ');

/**
 * A dead heat that overlaps a declared one joins it into one group where every member of the union is inseparable
 * by the rule, and is refused otherwise, naming the declared one: a declaration never silently dissolves another.
 * `markOf` gives each member's mark (the caller has checked they all have one).
 */
export function joinDeadHeats(sport: SportName, declared: readonly DeadHeat[], ids: readonly string[], markOf: (id: string) => Mark, times: readonly Ticks[], zero: Ticks): DeadHeatJoin {
  const overlapping = declared.filter((dh) => dh.competitors.some((c) => ids.includes(c)));
  const members = [...new Set([...overlapping.flatMap((dh) => dh.competitors), ...ids])];
  const joins = overlapping.map((dh) => `the dead heat between ${named(dh.competitors)} (declared by ${dh.by})`).join('; ');
  if (overlapping.length === 0) return { overlapping, members, joins, refusal: null };
  if (overlapping.some((dh) => ids.every((c) => dh.competitors.includes(c)))) {
    return { overlapping, members, joins, refusal: `the dead heat between ${named(ids)} is already declared: ${joins}` };
  }
  const why = deadHeatRefusal(sport, members.map(markOf), times, zero);
  return { overlapping, members, joins, refusal: why ? `no dead heat between ${named(ids)}: it overlaps ${joins}, and the two cannot be joined: ${why}` : null };
}
