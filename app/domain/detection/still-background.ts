/**
 * The still background of a native line-scan image, per row.
 *
 * In a composite built from frames most columns show the empty line, so each row's median is its background. A
 * line-scan camera may record far more of the competitor than of the empty line (a train filling two thirds of the
 * image), and then a row's median is the object. What the empty line does have: it looks the same in every column
 * that shows it, on every row at once, while an object changes from column to column. So the image is cut into
 * blocks of columns; the quiet blocks that look alike on most rows are the background, and the most numerous such
 * group wins (an object rarely repeats itself block after block on every row).
 */
import type { Plane } from './composite-objects.js';
import { medianInPlace } from './robust.js';

export interface StillBackground {
  /** Background colour of each row (RGB, height × 3). */
  background: Float32Array;
  /** Columns that show it (the chosen blocks'). */
  columns: number[];
}

/** Blocks across the image, and rows sampled when comparing blocks (every row is used for the colours). */
const BLOCKS = 192;
const ROW_SAMPLES = 256;

export function stillBackground(p: Plane): StillBackground {
  const { width: W, height: H, data } = p;
  const width = Math.max(3, Math.floor(W / BLOCKS));
  const blocks = Math.max(1, Math.floor(W / width));
  const rowStep = Math.max(1, Math.floor(H / ROW_SAMPLES));
  const sampled: number[] = [];
  for (let r = 0; r < H; r += rowStep) sampled.push(r);
  // Each block's colour per sampled row (median of its columns), and how much it varies inside the block.
  const colour = new Float32Array(blocks * sampled.length * 3);
  const spread = new Float32Array(blocks);
  const scratch = new Float32Array(width);
  const ranges = new Float32Array(sampled.length);
  for (let b = 0; b < blocks; b++) {
    sampled.forEach((r, k) => {
      let lo = Infinity;
      let hi = -Infinity;
      for (let ch = 0; ch < 3; ch++) {
        for (let i = 0; i < width; i++) scratch[i] = data[(r * W + b * width + i) * 3 + ch] as number;
        colour[(b * sampled.length + k) * 3 + ch] = medianInPlace(scratch, width);
      }
      for (let i = 0; i < width; i++) {
        const j = (r * W + b * width + i) * 3;
        const g = (data[j] as number) + (data[j + 1] as number) + (data[j + 2] as number);
        lo = Math.min(lo, g);
        hi = Math.max(hi, g);
      }
      ranges[k] = hi - lo;
    });
    spread[b] = medianInPlace(ranges, sampled.length);
  }
  // Two blocks look alike when most rows have nearly the same colour in both.
  const quietLevel = medianInPlace(Float32Array.from(spread), blocks);
  const quiet = Array.from({ length: blocks }, (_, b) => b).filter((b) => (spread[b] as number) <= Math.max(2 * quietLevel, 6));
  const tolerance = Math.max(12, 3 * quietLevel);
  // A fifth of the rows may differ (another object in another lane passing at that time).
  const allowed = Math.floor(0.2 * sampled.length);
  const alike = (a: number, b: number) => {
    let differing = 0;
    for (let k = 0; k < sampled.length && differing <= allowed; k++) {
      let d = 0;
      for (let ch = 0; ch < 3; ch++) d += Math.abs((colour[(a * sampled.length + k) * 3 + ch] as number) - (colour[(b * sampled.length + k) * 3 + ch] as number));
      if (d > tolerance) differing++;
    }
    return differing <= allowed;
  };
  let best: number[] = [];
  for (const a of quiet) {
    const group = quiet.filter((b) => b === a || alike(a, b));
    if (group.length > best.length) best = group;
  }
  if (best.length === 0) best = Array.from({ length: blocks }, (_, b) => b);
  const columns: number[] = [];
  for (const b of best) for (let i = 0; i < width; i++) columns.push(b * width + i);
  const background = new Float32Array(H * 3);
  const values = new Float32Array(columns.length);
  for (let r = 0; r < H; r++) {
    for (let ch = 0; ch < 3; ch++) {
      columns.forEach((c, i) => (values[i] = data[(r * W + c) * 3 + ch] as number));
      background[r * 3 + ch] = medianInPlace(values, columns.length);
    }
  }
  return { background, columns };
}
