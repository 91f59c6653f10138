/**
 * Composite column ↔ time: the one place every face (marks, results, viewer, ruler, result sheet, detection)
 * converts between them, so a hairline reads the same time everywhere.
 *
 * Column i carries the exact time of its source frame (the time map). A fractional column c, kept as integer
 * thousandths (`milliColumn`) so nudging never accumulates float error, takes the time of floor(c) plus the same
 * fraction of the interval to ceil(c), in integers, rounded half away from zero only at the nanosecond.
 */
import { UserError } from '../errors.js';
import type { MarkPosition } from '../race/document.js';
import { divRoundHalfAway, nsStringToTicks, type Ticks } from './ticks.js';

export const MILLI = 1000;

/** Converts the API's `timesNs` strings to ticks once, when a race is opened. */
export function parseColumnTimes(timesNs: readonly string[]): Ticks[] {
  return timesNs.map((s, i) => nsStringToTicks(s, `time of column ${i}`));
}

/** Thousandths of a column for a column number given by a person or a pointer (e.g. 200.5 → 200500). */
export function toMilliColumn(column: number): number {
  if (!Number.isFinite(column) || column < 0) throw new UserError(`column ${column} is not a column of the composite`, 'INVALID_ARGUMENT');
  return Math.round(column * MILLI);
}

/** Refuses a fractional column outside the composite (a mark must stand on the evidence). */
export function checkMilliColumn(times: readonly Ticks[], milliColumn: number): void {
  const last = (times.length - 1) * MILLI;
  if (!Number.isInteger(milliColumn) || milliColumn < 0 || milliColumn > last) {
    throw new UserError(`column ${milliColumn / MILLI} is outside the composite (columns 0 to ${times.length - 1})`, 'INVALID_ARGUMENT');
  }
}

/** The nearest fractional column inside the composite, for a pointer that wandered past either end. */
export function clampMilliColumn(times: readonly Ticks[], milliColumn: number): number {
  return Math.min(Math.max(Math.round(milliColumn), 0), Math.max(times.length - 1, 0) * MILLI);
}

/** Exact time at a fractional column inside the composite (UserError outside it). */
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

/** Fractional column (in thousandths, rounded to nearest) of a time, for storing or drawing; null outside. */
export function milliColumnAtTime(times: readonly Ticks[], t: Ticks): number | null {
  const c = bracketOfTime(times, t);
  if (c === null) return null;
  const t0 = times[c] as Ticks;
  const span = (times[c + 1] as Ticks) - t0;
  if (span <= 0n) return c * MILLI;
  return c * MILLI + Number(divRoundHalfAway((t - t0) * BigInt(MILLI), span));
}

/**
 * Fractional column at a time as a float, for placing ink and pixels only: the inverse of the interpolation,
 * clamped to the first or last column outside the recording.
 */
export function columnAtTime(times: readonly Ticks[], t: Ticks): number {
  const n = times.length;
  if (n === 0) throw new RangeError('race has no columns');
  if (t <= (times[0] as Ticks)) return 0;
  if (t >= (times[n - 1] as Ticks)) return n - 1;
  const c = bracketOfTime(times, t) as number;
  const t0 = times[c] as Ticks;
  const t1 = times[c + 1] as Ticks;
  return t1 === t0 ? c : c + Number(t - t0) / Number(t1 - t0);
}

/**
 * Local interval at a column: the time between the column and its neighbour (the evidence's resolution there).
 * Uses the following column, or the previous one at the end.
 */
export function intervalAtColumn(times: readonly Ticks[], column: number): Ticks {
  const n = times.length;
  if (n < 2) return 0n;
  const i = Math.min(Math.max(Math.floor(column), 0), n - 2);
  return (times[i + 1] as Ticks) - (times[i] as Ticks);
}

/**
 * One race's column times with the conversions drawing needs (the result sheet, the annotated image): where a mark,
 * a ruler tick or a gap lands. Times stay exact; the columns that come back are floats because they only place ink.
 */
export class ColumnTimes {
  readonly times: readonly Ticks[];

  constructor(timesNs: readonly string[]) {
    this.times = parseColumnTimes(timesNs);
  }

  get columns(): number {
    return this.times.length;
  }

  /** Exact time of a mark kept in thousandths of a column (clamped to the image). */
  timeAtMilliColumn(milli: number): Ticks {
    return timeAtMilliColumn(this.times, clampMilliColumn(this.times, milli));
  }

  /** Fractional column at which `t` lies, or null outside the image (nothing to draw). */
  columnAtTime(t: Ticks): number | null {
    const n = this.times.length;
    if (n === 0 || t < (this.times[0] as Ticks) || t > (this.times[n - 1] as Ticks)) return null;
    return columnAtTime(this.times, t);
  }

  /** Fractional column where a mark's hairline stands, or null for a typed time outside the image. */
  columnOfMark(position: MarkPosition): number | null {
    if (position.kind === 'column') return position.milliColumn / MILLI;
    return this.columnAtTime(BigInt(position.ns));
  }
}
