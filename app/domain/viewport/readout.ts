/**
 * Time readouts in the viewer: a time shown "at the evidence resolution" carries as many decimals as the column
 * interval can resolve, plus one (hairlines split columns in tenths), and no more. Exact: bigint throughout.
 */
import { NS_PER_S, divRoundHalfAway, type Ticks } from '../time/ticks.js';
import { formatUnits } from '../sports/clock-format.js';

/**
 * Decimals of a second worth showing for a resolution: 1 ms → 4 (0.1 column at 1000 fps), 1/30 s → 3,
 * 0.1 ms → 5. Clamped to [1, 9].
 */
export function decimalsForResolution(resolutionNs: Ticks): number {
  if (resolutionNs <= 0n) return 6;
  // Smallest d such that 10^-d s <= resolution / 10.
  let d = 0;
  let unit = NS_PER_S; // 10^-d s in ns
  while (d < 9 && unit * 10n > resolutionNs) {
    d++;
    unit /= 10n;
  }
  return Math.min(9, Math.max(1, d));
}

/**
 * "12.3456" (seconds, `decimals` places, rounded half away from zero), in the same clock form as the published
 * results ("1:23.457" past a minute, "1:02:03.4" past an hour); negative readouts use a true minus sign.
 */
export function formatSeconds(t: Ticks, decimals: number): string {
  const d = Math.min(9, Math.max(0, Math.floor(decimals)));
  const q = divRoundHalfAway(t, 10n ** BigInt(9 - d)); // in 10^-d s
  return `${q < 0n ? '−' : ''}${formatUnits(q < 0n ? -q : q, d)}`;
}

/** A time difference with an explicit sign, e.g. "+0.0010". */
export function formatDelta(t: Ticks, decimals: number): string {
  const body = formatSeconds(t < 0n ? -t : t, decimals);
  return `${t < 0n ? '−' : '+'}${body}`;
}

/** "1.000 ms", "33.33 ms", "100 µs": an interval as officials read it. */
export function formatInterval(ns: Ticks): string {
  if (ns <= 0n) return '—';
  if (ns >= NS_PER_S) return `${formatSeconds(ns, 3)} s`;
  if (ns >= 1_000_000n) return `${trimZeros(formatFixed(ns, 1_000_000n, 3))} ms`;
  if (ns >= 1_000n) return `${trimZeros(formatFixed(ns, 1_000n, 3))} µs`;
  return `${ns} ns`;
}

function formatFixed(ns: Ticks, unit: Ticks, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const q = divRoundHalfAway(ns * scale, unit);
  return `${q / scale}.${(q % scale).toString().padStart(decimals, '0')}`;
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
