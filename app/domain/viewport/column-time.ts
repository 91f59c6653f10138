/**
 * Time ↔ composite column, exactly. Marks are stored in thousandths of a column; the time of fractional column c
 * interpolates linearly between the times of columns floor(c) and ceil(c), in integer nanoseconds.
 */
import { divRoundHalfAway, nsStringToTicks, type Ticks } from '../time/ticks.js';

/** Converts the API's `timesNs` strings to ticks once, when a race is opened. */
export function parseColumnTimes(timesNs: readonly string[]): Ticks[] {
  return timesNs.map((s, i) => nsStringToTicks(s, `time of column ${i}`));
}

/** Time of a fractional column given in thousandths (clamped to the race). */
export function timeAtMilliColumn(times: readonly Ticks[], milliColumn: number): Ticks {
  if (times.length === 0) throw new RangeError('race has no columns');
  const last = times.length - 1;
  const m = Math.min(Math.max(Math.round(milliColumn), 0), last * 1000);
  const i = Math.floor(m / 1000);
  const frac = m - i * 1000;
  const t0 = times[i] as Ticks;
  if (frac === 0 || i >= last) return t0;
  const t1 = times[i + 1] as Ticks;
  return t0 + divRoundHalfAway((t1 - t0) * BigInt(frac), 1000n);
}

/** Time of a fractional column (rounded to the thousandth of a column marks use). */
export function timeAtColumn(times: readonly Ticks[], column: number): Ticks {
  return timeAtMilliColumn(times, Math.round(column * 1000));
}

/**
 * Fractional column at a time, for drawing (float): the inverse of the interpolation, by binary search.
 * Times are non-decreasing; outside the race it clamps to the first or last column.
 */
export function columnAtTime(times: readonly Ticks[], t: Ticks): number {
  const n = times.length;
  if (n === 0) throw new RangeError('race has no columns');
  if (t <= (times[0] as Ticks)) return 0;
  if (t >= (times[n - 1] as Ticks)) return n - 1;
  let lo = 0;
  let hi = n - 1;
  // invariant: times[lo] <= t < times[hi]
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as Ticks) <= t) lo = mid;
    else hi = mid;
  }
  const t0 = times[lo] as Ticks;
  const t1 = times[hi] as Ticks;
  if (t1 === t0) return lo;
  return lo + Number(t - t0) / Number(t1 - t0);
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

/** Median column interval of the whole race (its nominal resolution), exact. */
export function medianInterval(times: readonly Ticks[]): Ticks {
  if (times.length < 2) return 0n;
  const d: Ticks[] = [];
  for (let i = 1; i < times.length; i++) d.push((times[i] as Ticks) - (times[i - 1] as Ticks));
  d.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return d[Math.floor(d.length / 2)] as Ticks;
}
