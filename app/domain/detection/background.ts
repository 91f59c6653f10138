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

export function medianBackground(frames: readonly RgbImage[]): RgbImage {
  const first = frames[0];
  if (!first) throw new RangeError('no frames for the background');
  const { width, height } = first;
  const levels = frames.map(brightness);
  const reference = medianInPlace(levels.slice());
  const scale = levels.map((l) => (l > 1 ? reference / l : 1));
  const out = new Float32Array(width * height * 3);
  const scratch = new Float32Array(frames.length);
  for (let i = 0; i < out.length; i++) {
    for (let f = 0; f < frames.length; f++) scratch[f] = ((frames[f] as RgbImage).data[i] as number) * (scale[f] as number);
    out[i] = medianInPlace(scratch, frames.length);
  }
  return { width, height, data: out };
}
