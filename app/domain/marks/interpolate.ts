/**
 * Where a hairline stands in time (column ↔ time itself is `../time/column-time.ts`). The interval a mark falls in
 * is the evidence's resolution at that mark: across a dropped-frame gap it is the whole gap, and the result says so.
 */
import type { Mark } from '../race/document.js';
import { bracketOfTime, MILLI, timeAtMilliColumn } from '../time/column-time.js';
import type { Ticks } from '../time/ticks.js';

/**
 * A time keyed in (typed from a start system or a transponder, or a hand time): a race time, not a position on the
 * picture. Every other mark stands on the picture, on the footage clock.
 */
export function isKeyedTime(mark: { origin: string }): boolean {
  return mark.origin === 'typed' || mark.origin === 'hand';
}

/** Where a mark's hairline stands on the footage clock (the evidence's); a keyed-in time stands at time zero + the time. */
export function markFootageTime(mark: Mark, times: readonly Ticks[], zero: Ticks): Ticks {
  if (mark.position.kind === 'column') return timeAtMilliColumn(times, mark.position.milliColumn);
  const t = BigInt(mark.position.ns);
  return isKeyedTime(mark) ? t + zero : t;
}

/**
 * A mark's race time: footage time − time zero (the footage clock itself while no start is set). Marks on the
 * picture are re-timed exactly by a new start; typed times keep the value keyed in.
 */
export function markTime(mark: Mark, times: readonly Ticks[], zero: Ticks): Ticks {
  return markFootageTime(mark, times, zero) - zero;
}

export interface MarkEvidence {
  /** The frame interval the mark falls in (the resolution of the evidence there); null outside the recording. */
  resolution: Ticks | null;
  /** The column interval [c, c+1] the mark falls in. */
  bracket: number | null;
  /** Strictly inside the interval of a dropped-frame gap. */
  inGap: boolean;
}

/** Resolution and gap status at a mark, given the gaps' `afterColumn` values (and time zero, for typed marks). */
export function evidenceAtMark(mark: Mark, times: readonly Ticks[], gapAfterColumns: readonly number[], zero: Ticks): MarkEvidence {
  if (times.length < 2) return { resolution: null, bracket: null, inGap: false };
  let bracket: number | null;
  let strictlyInside: boolean;
  if (mark.position.kind === 'column') {
    const m = mark.position.milliColumn;
    const c0 = Math.min(Math.floor(m / MILLI), times.length - 2);
    bracket = c0;
    strictlyInside = m > c0 * MILLI && m < (c0 + 1) * MILLI;
  } else {
    const t = markFootageTime(mark, times, zero);
    bracket = bracketOfTime(times, t);
    strictlyInside = bracket !== null && t !== times[bracket] && t !== times[bracket + 1];
  }
  if (bracket === null) return { resolution: null, bracket: null, inGap: false };
  const resolution = (times[bracket + 1] as Ticks) - (times[bracket] as Ticks);
  return { resolution: resolution < 0n ? -resolution : resolution, bracket, inGap: strictlyInside && gapAfterColumns.includes(bracket) };
}
