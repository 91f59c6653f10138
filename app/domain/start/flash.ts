/**
 * The first frame in which the whole scene brightens abruptly (a start pistol's flash, a strobe): the start signal
 * as the camera saw it. Each frame is reduced to its mean brightness; a flash is a jump from one frame to the next
 * far larger than the footage's ordinary frame-to-frame change (clouds, auto-exposure, people walking through) and
 * at least `minJump` grey levels. Time zero lies between the flash frame and the one before: it is recorded as
 * their midpoint, with an uncertainty of half their interval, so the true instant is inside ± uncertainty and the
 * uncertainty is never more than one frame interval.
 */
import { medianInPlace } from '../detection/robust.js';
import type { Ticks } from '../time/ticks.js';

export interface FrameBrightness {
  /** Exact time of the frame on the footage's clock. */
  time: Ticks;
  /** Mean brightness, 0–255. */
  mean: number;
}

export interface FlashOptions {
  /** Smallest jump counted as a flash, in grey levels (default 12, about 5 % of full scale). */
  minJump?: number;
  /** How many times the ordinary frame-to-frame change (robust spread) a flash must exceed (default 8). */
  spreadFactor?: number;
}

export interface Flash {
  /** Index (in the list given) of the first bright frame. */
  index: number;
  /** Midpoint between the frame before and the flash frame. */
  zero: Ticks;
  /** Half the interval between the two frames. */
  uncertainty: Ticks;
  /** The interval between the two frames (the evidence's resolution there). */
  interval: Ticks;
  /** Brightness before and in the flash frame. */
  before: number;
  after: number;
}

export function detectFlash(frames: readonly FrameBrightness[], options: FlashOptions = {}): Flash | null {
  const minJump = options.minJump ?? 12;
  const factor = options.spreadFactor ?? 8;
  if (frames.length < 2) return null;
  const steps = new Float64Array(frames.length - 1);
  for (let i = 1; i < frames.length; i++) steps[i - 1] = Math.abs((frames[i] as FrameBrightness).mean - (frames[i - 1] as FrameBrightness).mean);
  // Median absolute step: ordinary change between frames (a flash or two do not move it).
  const ordinary = medianInPlace(Float64Array.from(steps));
  const threshold = Math.max(minJump, ordinary * factor);
  for (let i = 1; i < frames.length; i++) {
    const a = frames[i - 1] as FrameBrightness;
    const b = frames[i] as FrameBrightness;
    if (b.mean - a.mean < threshold) continue;
    const interval = b.time - a.time;
    if (interval <= 0n) continue;
    return { index: i, zero: a.time + interval / 2n, uncertainty: interval - interval / 2n, interval, before: a.mean, after: b.mean };
  }
  return null;
}
