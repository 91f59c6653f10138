/** Exact tick counts as fixed-point text for the sheet and files (integer maths: no float can change a digit). */
import { divRoundHalfAway, type Ticks } from '../domain/time/ticks.js';

/** Fixed-point decimal text of ticks at `decimals` places (half away from zero), e.g. 40_000_000n, 3 → "0.040". */
export function ticksFixed(t: Ticks, decimals: number): string {
  const unit = 10n ** BigInt(9 - decimals);
  const q = divRoundHalfAway(t, unit);
  const neg = q < 0n;
  const a = neg ? -q : q;
  const scale = 10n ** BigInt(decimals);
  const whole = a / scale;
  const frac = decimals > 0 ? `.${(a % scale).toString().padStart(decimals, '0')}` : '';
  return `${neg ? '-' : ''}${whole}${frac}`;
}

/** Seconds with at least three decimals and as many more as the exact value needs ("10.300", "10.3405"). */
export function secondsText(t: Ticks): string {
  let d = 3;
  while (d < 9 && divRoundHalfAway(t, 10n ** BigInt(9 - d)) * 10n ** BigInt(9 - d) !== t) d += 1;
  return ticksFixed(t, d);
}
