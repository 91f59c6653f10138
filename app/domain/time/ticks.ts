/**
 * Exact time. Every time in Photofinish is an integer number of nanoseconds held in a bigint ("ticks").
 * Seconds typed by people or read from files are parsed from their decimal text straight into ticks, never
 * through a float, and nothing is ever accumulated in floating point. Floats appear only at the edges: for
 * display, for JSON fields documented as `_s` (unrounded seconds as numbers), and for pixel geometry.
 */
import { UserError } from '../errors.js';

export type Ticks = bigint;

export const NS_PER_S = 1_000_000_000n;
export const NS_PER_MS = 1_000_000n;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^([+-])?\.(\d+)(?:[eE]([+-]?\d+))?$/;

/**
 * Parses a decimal number of seconds ("12.345", "-0.5", "1e-3", "26:17.533", "1:02:03.4") into nanoseconds.
 * Digits beyond the nanosecond are rounded half away from zero. Throws UserError naming `what` on bad input.
 */
export function parseSecondsToTicks(text: string, what = 'time'): Ticks {
  const trimmed = text.trim();
  if (trimmed.includes(':')) return parseClock(trimmed, what);
  const m = DECIMAL.exec(trimmed);
  if (!m) throw new UserError(`${what}: "${text}" is not a number of seconds`, 'INVALID_ARGUMENT');
  const sign = (m[1] ?? m[5]) === '-' ? -1n : 1n;
  const intPart = m[2] ?? '0';
  const fracPart = m[3] ?? m[6] ?? '';
  const exp = Number(m[4] ?? m[7] ?? '0');
  if (!Number.isFinite(exp) || Math.abs(exp) > 30) throw new UserError(`${what}: "${text}" is out of range`, 'INVALID_ARGUMENT');
  // value = digits × 10^(exp - fracLen) seconds = digits × 10^(exp - fracLen + 9) ns
  const digits = BigInt(intPart + fracPart);
  const shift = exp - fracPart.length + 9;
  const ticks = sign * scaleByPow10(digits, shift);
  if (ticks > MAX_TIME || ticks < -MAX_TIME) {
    throw new UserError(`${what}: "${text}" is out of range (times are within ±10,000,000,000 s, about 317 years)`, 'INVALID_ARGUMENT');
  }
  return ticks;
}

/**
 * The largest time Photofinish takes, ±10^10 s: room for any race clock and for absolute camera clocks (seconds
 * since 1970 are under 2 × 10^9), while an absurd 1e30 is refused where it is typed, not left to fail later.
 */
export const MAX_TIME: Ticks = 10n ** 10n * NS_PER_S;

function parseClock(text: string, what: string): Ticks {
  const parts = text.split(':');
  if (parts.length > 3 || parts.some((p, i) => (i < parts.length - 1 ? !/^\d+$/.test(p) : p === ''))) {
    throw new UserError(`${what}: "${text}" is not a time like 26:17.533`, 'INVALID_ARGUMENT');
  }
  const seconds = parseSecondsToTicks(parts[parts.length - 1] as string, what);
  let minutes = 0n;
  for (const p of parts.slice(0, -1)) minutes = minutes * 60n + BigInt(p);
  return minutes * 60n * NS_PER_S + seconds;
}

/** digits × 10^shift, rounded half away from zero when shift < 0. */
function scaleByPow10(digits: bigint, shift: number): bigint {
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  const div = 10n ** BigInt(-shift);
  return divRoundHalfAway(digits, div);
}

/** Integer division rounding half away from zero. */
export function divRoundHalfAway(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const neg = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an + ad / 2n) / ad;
  return neg ? -q : q;
}

/** Integer division rounding toward +infinity (ceiling), for "rounded up" publication rules. */
export function divCeil(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  return n >= 0n ? (n + d - 1n) / d : -(-n / d);
}

/** Integer division rounding toward -infinity (floor). */
export function divFloor(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  return n >= 0n ? n / d : -((-n + d - 1n) / d);
}

/** Ticks → seconds as a float, for `_s` JSON fields and geometry only. */
export function ticksToSeconds(t: Ticks): number {
  const whole = t / NS_PER_S;
  const frac = t % NS_PER_S;
  return Number(whole) + Number(frac) / 1e9;
}

/** Exact decimal text of a tick count in seconds, with trailing zeros trimmed ("12.3405", "-0.001", "7"). */
export function ticksToDecimalSeconds(t: Ticks): string {
  const neg = t < 0n;
  const a = neg ? -t : t;
  const whole = a / NS_PER_S;
  const frac = (a % NS_PER_S).toString().padStart(9, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Seconds given as a float (e.g. a JSON number) → ticks, via its shortest decimal text (no binary artefacts). */
export function secondsNumberToTicks(seconds: number, what = 'time'): Ticks {
  if (!Number.isFinite(seconds)) throw new UserError(`${what}: ${seconds} is not a finite number of seconds`, 'INVALID_ARGUMENT');
  return parseSecondsToTicks(String(seconds), what);
}

/** Serialised form used in JSON documents and over the API: the integer nanoseconds as decimal text. */
export type NsString = string;
export const ticksToNsString = (t: Ticks): NsString => t.toString();
export function nsStringToTicks(s: NsString, what = 'time'): Ticks {
  if (!/^-?\d+$/.test(s)) throw new UserError(`${what}: "${s}" is not an integer number of nanoseconds`, 'INVALID_ARGUMENT');
  return BigInt(s);
}
