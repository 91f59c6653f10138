/**
 * The still scene behind the moving objects: the per-pixel median of frames spread over the whole recording. Any
 * object that is in view for less than half of those frames disappears from it, which covers competitors crossing
 * a finish line. Frames are first brought to a common exposure, so auto-exposure swings do not smear it.
 */
import type { RgbImage } from './front-fit.js';
import { medianInPlace } from './robust.js';

function brightness(img: RgbImage): number {
  let sum = 0;
  const step = Math.max(3, Math.floor(img.data.length / 60000) * 3);
  let n = 0;
  for (let i = 0; i < img.data.length; i += step) {
    sum += img.data[i] as number;
    n++;
  }
  return sum / Math.max(1, n);
}

/** Pixel rectangle [x0, x1) × [y0, y1). */
export interface Band {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The background inside `band` (the strip around the finish line the detector reads; the whole frame when not
 * given). Outside the band the result is left at zero: nothing reads it, and a full-HD frame's median costs seconds.
 */
export function medianBackground(frames: readonly RgbImage[], band?: Band): RgbImage {
  const first = frames[0];
  if (!first) throw new RangeError('no frames for the background');
  const { width, height } = first;
  const levels = frames.map(brightness);
  const reference = medianInPlace(levels.slice());
  const scale = levels.map((l) => (l > 1 ? reference / l : 1));
  const out = new Float32Array(width * height * 3);
  const scratch = new Float32Array(frames.length);
  const x0 = Math.max(0, Math.floor(band?.x0 ?? 0));
  const x1 = Math.min(width, Math.ceil(band?.x1 ?? width));
  const y0 = Math.max(0, Math.floor(band?.y0 ?? 0));
  const y1 = Math.min(height, Math.ceil(band?.y1 ?? height));
  for (let y = y0; y < y1; y++) {
    for (let i = (y * width + x0) * 3; i < (y * width + x1) * 3; i++) {
      for (let f = 0; f < frames.length; f++) scratch[f] = ((frames[f] as RgbImage).data[i] as number) * (scale[f] as number);
      out[i] = medianInPlace(scratch, frames.length);
    }
  }
  return { width, height, data: out };
}
