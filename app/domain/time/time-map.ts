/**
 * The time map: the exact time of every composite column. Pure functions over bigint nanosecond ticks.
 * A constant rate is kept as a rational number (e.g. 29.97 = 2997/100, or 30000/1001) so every column's time is
 * computed from its index directly and rounded once; nothing is ever accumulated, so column 100,000 is as exact
 * as column 1.
 */
import { UserError } from '../errors.js';
import { divRoundHalfAway, MAX_TIME, NS_PER_S, ticksToDecimalSeconds, type Ticks } from './ticks.js';

/** A positive rate (frames or lines per second) as an exact fraction num/den. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

const DECIMAL_RATE = /^\+?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^\+?\.(\d+)(?:[eE]([+-]?\d+))?$/;
const FRACTION_RATE = /^\+?(\d+)\s*\/\s*(\d+)$/;

/** Parses "25", "29.97", "1e3" or "30000/1001" exactly. Throws UserError naming `what` for anything else or ≤ 0. */
export function parseRate(text: string, what = 'rate'): Rational {
  const t = text.trim();
  const frac = FRACTION_RATE.exec(t);
  let num: bigint;
  let den: bigint;
  if (frac) {
    num = BigInt(frac[1] as string);
    den = BigInt(frac[2] as string);
    if (den === 0n) throw new UserError(`${what}: "${text}" divides by zero`, 'INVALID_ARGUMENT');
  } else {
    const m = DECIMAL_RATE.exec(t);
    if (!m) {
      const why = /^-\s*(\d|\.\d)/.test(t) ? 'must be greater than zero' : 'is not a rate like 1000, 29.97 or 30000/1001';
      throw new UserError(`${what}: "${text}" ${why}`, 'INVALID_ARGUMENT');
    }
    const intPart = m[1] ?? '0';
    const fracPart = m[2] ?? m[4] ?? '';
    const exp = Number(m[3] ?? m[5] ?? '0');
    if (Math.abs(exp) > 30) throw new UserError(`${what}: "${text}" is out of range`, 'INVALID_ARGUMENT');
    const shift = exp - fracPart.length;
    num = BigInt(intPart + fracPart);
    den = 1n;
    if (shift >= 0) num *= 10n ** BigInt(shift);
    else den = 10n ** BigInt(-shift);
  }
  if (num <= 0n) throw new UserError(`${what}: "${text}" must be greater than zero`, 'INVALID_ARGUMENT');
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Canonical text of a rate ("25", "29.97" stays as typed by the caller; this gives "2997/100" style only if needed). */
export function rateToText(rate: Rational): string {
  if (rate.den === 1n) return rate.num.toString();
  // Exact decimal when the denominator is 2^a·5^b, else the fraction itself.
  let d = rate.den;
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    twos++;
  }
  while (d % 5n === 0n) {
    d /= 5n;
    fives++;
  }
  if (d !== 1n) return `${rate.num}/${rate.den}`;
  const places = Math.max(twos, fives);
  const scaled = (rate.num * 10n ** BigInt(places)) / rate.den;
  const s = scaled.toString().padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

/** Time of frame `index` at a constant rate: start + index / rate, rounded once to the nanosecond. */
export function constantRateTime(index: number | bigint, rate: Rational, start: Ticks = 0n): Ticks {
  return start + divRoundHalfAway(BigInt(index) * NS_PER_S * rate.den, rate.num);
}

/**
 * Times of frames 0 … count-1 at a constant rate (each computed from its index, never accumulated). Refused (a
 * UserError naming `what` and the rate as typed, `text`) where the times cannot be kept: a rate faster than one
 * frame per nanosecond (frames would share a time) or so slow that the last frame lies beyond ±MAX_TIME (a rate of
 * 1e-25 would build, then make every later step work with times of 10^26 s).
 */
export function constantRateTimes(count: number, rate: Rational, start: Ticks = 0n, what = 'rate', text = rateToText(rate)): Ticks[] {
  if (rate.num > rate.den * NS_PER_S) {
    throw new UserError(`${what}: "${text}" is faster than one per nanosecond (the finest time Photofinish keeps): at most 1,000,000,000 per second`, 'INVALID_ARGUMENT');
  }
  const last = constantRateTime(Math.max(0, count - 1), rate, start);
  if (last > MAX_TIME || last < -MAX_TIME) {
    throw new UserError(`${what}: "${text}" puts the last of its ${count} columns at ${ticksToDecimalSeconds(last)} s, out of range (times are within ±10,000,000,000 s)`, 'INVALID_ARGUMENT');
  }
  const out: Ticks[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = constantRateTime(i, rate, start);
  return out;
}

/** Presentation timestamp × time base (e.g. 2000 × 1/25000 s) → ticks, rounded once. */
export function ptsToTicks(pts: bigint, timeBase: Rational): Ticks {
  return divRoundHalfAway(pts * timeBase.num * NS_PER_S, timeBase.den);
}

/** What the footage actually delivered: the frame interval's median, extremes and spread. */
export interface RateMeasurement {
  medianInterval: Ticks;
  minInterval: Ticks;
  maxInterval: Ticks;
  /** Median absolute deviation of the intervals from their median. */
  spread: Ticks;
  /** Intervals measured (columns − 1). */
  intervals: number;
}

export const compareTicks = (a: Ticks, b: Ticks): number => (a < b ? -1 : a > b ? 1 : 0);

/** Median of ascending ticks (the mean of the middle two, rounded half away from zero, for an even count). */
export function medianOfSorted(sorted: readonly Ticks[]): Ticks {
  const n = sorted.length;
  if (n === 0) return 0n;
  const mid = n >> 1;
  return n % 2 === 1 ? (sorted[mid] as Ticks) : divRoundHalfAway((sorted[mid - 1] as Ticks) + (sorted[mid] as Ticks), 2n);
}

/** Measures the rate from consecutive times. Needs at least two times; all intervals are assumed positive. */
export function measureRate(times: readonly Ticks[]): RateMeasurement {
  if (times.length < 2) throw new UserError('the time map needs at least two columns to measure a rate', 'INVALID_ARGUMENT');
  const intervals: Ticks[] = [];
  for (let i = 1; i < times.length; i++) intervals.push((times[i] as Ticks) - (times[i - 1] as Ticks));
  const sorted = [...intervals].sort(compareTicks);
  const med = medianOfSorted(sorted);
  const deviations = sorted.map((v) => (v > med ? v - med : med - v)).sort(compareTicks);
  return {
    medianInterval: med,
    minInterval: sorted[0] as Ticks,
    maxInterval: sorted[sorted.length - 1] as Ticks,
    spread: medianOfSorted(deviations),
    intervals: intervals.length,
  };
}

/** Frames (or lines) per second implied by a median interval, for display only. */
export function rateFromInterval(interval: Ticks): number {
  return interval > 0n ? 1e9 / Number(interval) : 0;
}

export interface IntervalGap {
  /** The gap lies between column `afterColumn` and `afterColumn + 1`. */
  afterColumn: number;
  from: Ticks;
  to: Ticks;
}

/** The dropped-frame rule: an interval longer than 1.5 × the median (compared in integers: 2·interval > 3·median). */
export function isDropGap(interval: Ticks, medianInterval: Ticks): boolean {
  return 2n * interval > 3n * medianInterval;
}

/** Dropped-frame gaps: every interval that `isDropGap` calls one. */
export function findIntervalGaps(times: readonly Ticks[], medianInterval: Ticks): IntervalGap[] {
  const gaps: IntervalGap[] = [];
  for (let i = 1; i < times.length; i++) {
    const from = times[i - 1] as Ticks;
    const to = times[i] as Ticks;
    if (isDropGap(to - from, medianInterval)) gaps.push({ afterColumn: i - 1, from, to });
  }
  return gaps;
}

/** Checks times strictly increase; returns the index of the first one that does not, or -1. */
export function firstNonIncreasing(times: readonly Ticks[]): number {
  for (let i = 1; i < times.length; i++) if ((times[i] as Ticks) <= (times[i - 1] as Ticks)) return i;
  return -1;
}
