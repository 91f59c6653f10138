/**
 * Where a hairline stands in time. The composite's columns each carry an exact time (the time map); a mark at a
 * fractional column c (kept as integer thousandths, `milliColumn`) takes the time of column floor(c) plus the same
 * fraction of the interval to column ceil(c), computed in integers and rounded half away from zero only at the
 * nanosecond. The interval it falls in is the evidence's resolution at that mark: across a dropped-frame gap it is
 * the whole gap, and the result says so.
 */
import { UserError } from '../errors.js';
import type { Mark } from '../race/document.js';
import { divRoundHalfAway, type Ticks } from '../time/ticks.js';

export const MILLI = 1000;

/** Thousandths of a column for a column number given by a person or a pointer (e.g. 200.5 → 200500). */
export function toMilliColumn(column: number): number {
  if (!Number.isFinite(column) || column < 0) throw new UserError(`column ${column} is not a column of the composite`, 'INVALID_ARGUMENT');
  return Math.round(column * MILLI);
}

export function checkMilliColumn(times: readonly Ticks[], milliColumn: number): void {
  const last = (times.length - 1) * MILLI;
  if (!Number.isInteger(milliColumn) || milliColumn < 0 || milliColumn > last) {
    throw new UserError(`column ${milliColumn / MILLI} is outside the composite (columns 0 to ${times.length - 1})`, 'INVALID_ARGUMENT');
  }
}

/** Exact time at a fractional column. */
export function timeAtMilliColumn(times: readonly Ticks[], milliColumn: number): Ticks {
  checkMilliColumn(times, milliColumn);
  const c0 = Math.floor(milliColumn / MILLI);
  const frac = milliColumn - c0 * MILLI;
  const t0 = times[c0] as Ticks;
  if (frac === 0) return t0;
  const t1 = times[c0 + 1] as Ticks;
  return t0 + divRoundHalfAway((t1 - t0) * BigInt(frac), BigInt(MILLI));
}

/**
 * The column interval a time falls in (times increasing): [c, c+1] with t[c] ≤ t ≤ t[c+1], or null outside the
 * recording. A time exactly on a column belongs to the interval that starts there (the last column to the one before).
 */
export function bracketOfTime(times: readonly Ticks[], t: Ticks): number | null {
  const n = times.length;
  if (n < 2 || t < (times[0] as Ticks) || t > (times[n - 1] as Ticks)) return null;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as Ticks) <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Fractional column (in thousandths, rounded to nearest) of a time, for drawing a typed mark; null outside. */
export function milliColumnAtTime(times: readonly Ticks[], t: Ticks): number | null {
  const c = bracketOfTime(times, t);
  if (c === null) return null;
  const t0 = times[c] as Ticks;
  const span = (times[c + 1] as Ticks) - t0;
  if (span <= 0n) return c * MILLI;
  return c * MILLI + Number(divRoundHalfAway((t - t0) * BigInt(MILLI), span));
}

export function markTime(mark: Mark, times: readonly Ticks[]): Ticks {
  return mark.position.kind === 'time' ? BigInt(mark.position.ns) : timeAtMilliColumn(times, mark.position.milliColumn);
}

export interface MarkEvidence {
  /** The frame interval the mark falls in (the resolution of the evidence there); null outside the recording. */
  resolution: Ticks | null;
  /** The column interval [c, c+1] the mark falls in. */
  bracket: number | null;
  /** Strictly inside the interval of a dropped-frame gap. */
  inGap: boolean;
}

/** Resolution and gap status at a mark, given the gaps' `afterColumn` values. */
export function evidenceAtMark(mark: Mark, times: readonly Ticks[], gapAfterColumns: readonly number[]): MarkEvidence {
  if (times.length < 2) return { resolution: null, bracket: null, inGap: false };
  let bracket: number | null;
  let strictlyInside: boolean;
  if (mark.position.kind === 'column') {
    const m = mark.position.milliColumn;
    const c0 = Math.min(Math.floor(m / MILLI), times.length - 2);
    bracket = c0;
    strictlyInside = m > c0 * MILLI && m < (c0 + 1) * MILLI;
  } else {
    const t = BigInt(mark.position.ns);
    bracket = bracketOfTime(times, t);
    strictlyInside = bracket !== null && t !== times[bracket] && t !== times[bracket + 1];
  }
  if (bracket === null) return { resolution: null, bracket: null, inGap: false };
  const resolution = (times[bracket + 1] as Ticks) - (times[bracket] as Ticks);
  return { resolution: resolution < 0n ? -resolution : resolution, bracket, inGap: strictlyInside && gapAfterColumns.includes(bracket) };
}
