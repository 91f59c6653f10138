/**
 * Between exact times and fractional composite columns. A mark at fractional column c stands for the time
 * interpolated linearly between columns floor(c) and ceil(c), so a suggested crossing is stored as the column
 * that interpolates back to it.
 */
import type { Ticks } from '../time/ticks.js';

/** The fractional column whose interpolated time is `t` (clamped to the composite's first and last columns). */
export function columnOfTime(times: readonly Ticks[], t: Ticks): number {
  const n = times.length;
  if (n === 0) return 0;
  if (t <= (times[0] as Ticks)) return 0;
  if (t >= (times[n - 1] as Ticks)) return n - 1;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as Ticks) <= t) lo = mid;
    else hi = mid;
  }
  const t0 = times[lo] as Ticks;
  const t1 = times[hi] as Ticks;
  return lo + Number(t - t0) / Number(t1 - t0);
}

/** Seconds (a small float offset) added to an exact time, rounded to the nanosecond. */
export function addSeconds(base: Ticks, seconds: number): Ticks {
  return base + BigInt(Math.round(seconds * 1e9));
}
