/**
 * Where a race's frame (or line) rate comes from, said the same way by the build summary, `info --json`
 * (`rate_source`), the result sheet and the checks:
 *   given       the official typed it (`--fps`, `--line-rate`): never "measured", whatever the intervals say, since
 *               they are computed from it;
 *   timestamps  the footage's own times (a video's presentation timestamps, a GIF's delays, a timestamps file);
 *   line-scan   a native line-scan image timed by its camera's own line clock (a timestamps file of lines).
 * A given rate that disagrees with the footage's own timestamps by more than 1 % is said in the build and carried as
 * the warning `rate-given-differs` with both rates; it is not refused (slow-motion video is stored at a playback
 * rate, and giving the capture rate is the right thing to do).
 */
import type { RuleCheck } from '../results/checks.js';
import type { EvidenceManifest } from './evidence.js';
import { parseRate } from '../time/time-map.js';

export type RateSource = 'given' | 'timestamps' | 'line-scan';

/** More than this relative difference between a given rate and the footage's own is said. */
export const RATE_DIFFERS_BY = 0.01;

type RateEvidence = Pick<EvidenceManifest, 'timing' | 'measured'> & { source: Pick<EvidenceManifest['source'], 'kind'> };

export function rateSource(m: RateEvidence): RateSource {
  if (m.timing.kind === 'fps' || m.timing.kind === 'line-rate') return 'given';
  return m.source.kind === 'linescan' ? 'line-scan' : 'timestamps';
}

/** The given rate and the footage's own (images per second), where a given rate differs from it by more than 1 %. */
export function givenRateDiffers(m: RateEvidence): { given: number; own: number } | null {
  if (m.timing.kind !== 'fps' || m.timing.ownIntervalNs === undefined) return null;
  const interval = BigInt(m.timing.ownIntervalNs);
  if (interval <= 0n) return null;
  const r = parseRate(m.timing.fps, 'frame rate');
  const given = Number(r.num) / Number(r.den);
  const own = 1e9 / Number(interval);
  return Math.abs(given - own) > RATE_DIFFERS_BY * own ? { given, own } : null;
}

const rateText = (v: number) => (v >= 100 ? v.toFixed(1) : v.toFixed(3)).replace(/\.?0+$/, '');

/** "1000 frames/s given; the video's own timestamps say 12.5 frames/s", or null where they agree (or none exist). */
export function rateDifferenceText(m: RateEvidence): string | null {
  const d = givenRateDiffers(m);
  if (!d) return null;
  const own = m.source.kind === 'gif' ? "the GIF's own frame delays" : "the video's own timestamps";
  return `${rateText(d.given)} frames/s given, but ${own} say ${rateText(d.own)} frames/s (${Math.round((Math.abs(d.given - d.own) / d.own) * 100)} % apart)`;
}

export function rateChecks(m: RateEvidence | undefined): RuleCheck[] {
  if (!m) return [];
  const d = givenRateDiffers(m);
  const text = rateDifferenceText(m);
  if (!d || !text) return [];
  return [
    {
      code: 'rate-given-differs',
      severity: 'warning',
      message: `The frame rate was given: ${text}; every time follows the given rate.`,
      rates: { given: d.given, own: d.own },
    },
  ];
}
