/**
 * A video file that ends before its container says it does: by the declared end (start + duration) or, for an
 * AVI cut off with its index, by the header's frame count. Known once the probed packets are listed.
 */
import { ticksToDecimalSeconds, type Ticks } from '../../domain/time/ticks.js';

export interface CutShort {
  /** From the last frame the file holds to where its container says the stream ends. */
  missingNs: Ticks;
  /** The time the last declared frame would have had (the video's own clock). */
  untilNs: Ticks;
  frames: number;
  text: string;
}

/**
 * The declared end, unless the header's frame count tells of far more lost: a cut AVI's duration is only an
 * estimate from what is left (3 frames missing where 188 are), its header's count is not.
 */
export function cutShortOfStream(probed: readonly Ticks[], declaredEnd: Ticks | null, declaredFrames: number | null): CutShort | null {
  const byEnd = cutShortOf(probed, declaredEnd);
  const byCount = cutShortByCount(probed, declaredFrames);
  return byCount && (!byEnd || byCount.frames > 2 * byEnd.frames) ? byCount : byEnd;
}

/** A file whose header declares more frames than it holds (an AVI cut off, its index and end gone). */
function cutShortByCount(probed: readonly Ticks[], declaredFrames: number | null): CutShort | null {
  if (declaredFrames === null || probed.length < 2 || declaredFrames - probed.length <= 2) return null;
  const last = probed[probed.length - 1] as Ticks;
  const interval = (last - (probed[0] as Ticks)) / BigInt(probed.length - 1);
  if (interval <= 0n) return null;
  const frames = declaredFrames - probed.length;
  const missingNs = BigInt(frames) * interval;
  return {
    missingNs,
    untilNs: last + missingNs,
    frames,
    text: `the file is cut short: it holds ${probed.length} frames, ending at ${ticksToDecimalSeconds(last)} s, but its header declares ${declaredFrames} (${frames} frames missing)`,
  };
}

/** A file whose container declares a stream longer than its frames reach (copied or downloaded only in part). */
function cutShortOf(probed: readonly Ticks[], declaredEnd: Ticks | null): CutShort | null {
  if (declaredEnd === null || probed.length < 2) return null;
  const last = probed[probed.length - 1] as Ticks;
  const interval = (last - (probed[0] as Ticks)) / BigInt(probed.length - 1);
  const missingNs = declaredEnd - (last + interval);
  if (interval <= 0n || missingNs <= 2n * interval) return null;
  const frames = Number(missingNs / interval);
  return {
    missingNs,
    untilNs: declaredEnd - interval,
    frames,
    text: `the file is cut short: its frames end at ${ticksToDecimalSeconds(last)} s but its container declares ${ticksToDecimalSeconds(declaredEnd)} s (about ${frames} frames missing)`,
  };
}
