/**
 * The still scene behind the moving objects: the per-pixel median of frames spread over the whole recording. Any
 * object that is in view for less than half of those frames disappears from it, which covers competitors crossing
 * a finish line. Frames are first brought to a common exposure, so auto-exposure swings do not smear it. Only the
 * band around the finish line is kept and computed: nothing reads the rest, and a full-HD frame's median costs
 * seconds.
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

/**
 * The background of frames that all cover the same part of the picture (the band around the line the detector
 * reads), with their origin. With `lines`, only those rows (motion along x) or columns (motion along y) of the frame
 * are computed, the ones the objects cover; the rest stays 0 (nothing reads it).
 */
export function medianBackground(frames: readonly RgbImage[], lines?: { axis: 'x' | 'y'; ranges: readonly [number, number][] }): RgbImage {
  const first = frames[0];
  if (!first) throw new RangeError('no frames for the background');
  const { width, height } = first;
  const x0 = first.x0 ?? 0;
  const y0 = first.y0 ?? 0;
  const levels = frames.map(brightness);
  const reference = medianInPlace(levels.slice());
  const scale = levels.map((l) => (l > 1 ? reference / l : 1));
  const out = new Float32Array(width * height * 3);
  const scratch = new Float32Array(frames.length);
  const span = lines ? (lines.axis === 'x' ? height : width) : 0;
  const origin = lines?.axis === 'x' ? y0 : x0;
  const marked = new Uint8Array(span);
  for (const [a, b] of lines?.ranges ?? []) for (let v = Math.max(a, origin); v <= Math.min(b, origin + span - 1); v++) marked[v - origin] = 1;
  const wanted = (v: number) => !lines || marked[v - origin] === 1;
  for (let y = 0; y < height; y++) {
    if (lines?.axis === 'x' && !wanted(y + y0)) continue;
    for (let x = 0; x < width; x++) {
      if (lines?.axis === 'y' && !wanted(x + x0)) continue;
      for (let i = (y * width + x) * 3; i < (y * width + x + 1) * 3; i++) {
        for (let f = 0; f < frames.length; f++) scratch[f] = ((frames[f] as RgbImage).data[i] as number) * (scale[f] as number);
        out[i] = medianInPlace(scratch, frames.length);
      }
    }
  }
  return { width, height, data: out, x0, y0 };
}

/** Pixel rectangle [x0, x1) × [y0, y1) of a frame. */
export interface Band {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The part of a whole frame inside `band` (clipped to the frame), as an image with that origin. */
export function cropToBand(img: RgbImage, band: Band): RgbImage {
  if ((img.x0 ?? 0) !== 0 || (img.y0 ?? 0) !== 0) return img; // already the band
  const x0 = Math.max(0, Math.floor(band.x0));
  const y0 = Math.max(0, Math.floor(band.y0));
  const x1 = Math.min(img.width, Math.ceil(band.x1));
  const y1 = Math.min(img.height, Math.ceil(band.y1));
  if (x0 === 0 && y0 === 0 && x1 === img.width && y1 === img.height) return img;
  const width = x1 - x0;
  const height = y1 - y0;
  const data = img.data instanceof Float32Array ? new Float32Array(width * height * 3) : new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) data.set(img.data.subarray(((y + y0) * img.width + x0) * 3, ((y + y0) * img.width + x1) * 3), y * width * 3);
  return { width, height, data, x0, y0 };
}
