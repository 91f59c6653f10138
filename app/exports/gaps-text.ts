/**
 * "Behind winner" and "behind previous" as printed, by the sport's publication rule, so the gap columns agree with
 * the time column an official reads next to them:
 *   athletics   the difference of the published times (rounded up to 1/100 s), as the results show it;
 *   motorsport  the exact gap to the nearest 1/1000 s;
 *   horse, greyhound  the exact gap to the nearest 1/100 s (their margins proper are in lengths).
 * A gap that would print as zero although the image separates the two gets the digits that show it (NASCAR once
 * printed 0.0004 rather than 0.000), never a misleading zero.
 */
import type { FinisherResult } from '../api/types.js';
import { divCeil, divRoundHalfAway, type Ticks } from '../domain/time/ticks.js';

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

const CENTI = 10_000_000n;

/** Printed gap from `ahead` to `r` ("+0.04", "+0.0004", "DH", "tie"), or '' where either has no time. */
export function gapText(r: FinisherResult, ahead: FinisherResult | undefined, sport: string): string {
  if (!ahead || r.time_ns === null || ahead.time_ns === null) return '';
  // Sharing a place: a declared dead heat, or equal at the sport's reading precision (order by the rule book).
  if (r.place !== null && r.place === ahead.place) return r.dead_heat && ahead.dead_heat ? 'DH' : 'tie';
  const exact = BigInt(r.time_ns) - BigInt(ahead.time_ns);
  let diff: Ticks;
  let d: number;
  if (sport === 'athletics') {
    diff = (divCeil(BigInt(r.time_ns), CENTI) - divCeil(BigInt(ahead.time_ns), CENTI)) * CENTI;
    d = 2;
  } else {
    d = sport === 'motorsport' ? 3 : 2;
    diff = exact;
  }
  if (divRoundHalfAway(diff, 10n ** BigInt(9 - d)) === 0n && exact !== 0n) {
    // Digits beyond the published precision, so the gap never reads like a difference of published times.
    diff = exact;
    d += 1;
    while (d < 9 && divRoundHalfAway(exact, 10n ** BigInt(9 - d)) === 0n) d += 1;
  }
  const text = ticksFixed(diff, d);
  return diff >= 0n ? `+${text}` : text;
}

/** Gaps for every finisher, in report order: behind the winner and behind the previous placed finisher. */
export function finisherGaps(finishers: readonly FinisherResult[], sport: string): { behindWinner: string; behindPrevious: string }[] {
  const placed = finishers.filter((f) => f.place !== null && f.time_ns !== null);
  const winner = placed[0];
  return finishers.map((f) => {
    const idx = placed.indexOf(f);
    if (idx <= 0) return { behindWinner: '', behindPrevious: '' };
    return { behindWinner: gapText(f, winner, sport), behindPrevious: gapText(f, placed[idx - 1], sport) };
  });
}

/** Seconds with at least three decimals and as many more as the exact value needs ("10.300", "10.3405"). */
export function secondsText(t: Ticks): string {
  let d = 3;
  while (d < 9 && divRoundHalfAway(t, 10n ** BigInt(9 - d)) * 10n ** BigInt(9 - d) !== t) d += 1;
  return ticksFixed(t, d);
}
