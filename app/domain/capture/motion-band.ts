/**
 * Movement in a band around the finish line, for the motion trigger. The band is a grid of points along the line
 * and across it (± `halfWidth` px, every `step` px); each frame's brightness at those points is compared with the
 * previous frame's, and the fraction of points that changed by more than `level` grey levels is the movement.
 * Counting points, not summing differences, keeps slow light changes (a cloud) from looking like a competitor.
 */
import type { Region } from '../line/finish-line.js';
import type { FinishLine } from '../race/evidence.js';

export interface BandPlan {
  /** The rectangle of the frame that holds every point. */
  region: Region;
  /** Pixel index of each point inside `region` (row-major). */
  points: Int32Array;
}

export interface BandOptions {
  halfWidth: number;
  step: number;
}

export const DEFAULT_BAND: BandOptions = Object.freeze({ halfWidth: 8, step: 2 });

function endpoints(line: FinishLine, height: number): [number, number, number, number] {
  return line.kind === 'column' ? [line.x, 0, line.x, height - 1] : [line.x1, line.y1, line.x2, line.y2];
}

export function planBand(line: FinishLine, width: number, height: number, opts: BandOptions = DEFAULT_BAND): BandPlan {
  const [x1, y1, x2, y2] = endpoints(line, height);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const ux = length === 0 ? 0 : (x2 - x1) / length;
  const uy = length === 0 ? 1 : (y2 - y1) / length;
  // Across the line: the along-direction turned a quarter.
  const nx = -uy;
  const ny = ux;
  const raw: [number, number][] = [];
  // Every `step` px along the line, and its far end too.
  const along = Math.ceil(length / opts.step - 1e-9);
  for (let k = 0; k <= along; k++) {
    const a = Math.min(k * opts.step, length);
    for (let d = -opts.halfWidth; d <= opts.halfWidth; d += opts.step) {
      // `+ 0` turns a rounded -0 into 0.
      const x = Math.round(x1 + ux * a + nx * d) + 0;
      const y = Math.round(y1 + uy * a + ny * d) + 0;
      if (x >= 0 && y >= 0 && x < width && y < height) raw.push([x, y]);
    }
  }
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (const [x, y] of raw) {
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x);
    bottom = Math.max(bottom, y);
  }
  if (raw.length === 0) return { region: { left: 0, top: 0, width: 1, height: 1 }, points: new Int32Array(0) };
  const region = { left, top, width: right - left + 1, height: bottom - top + 1 };
  const points = Int32Array.from(raw, ([x, y]) => (y - top) * region.width + (x - left));
  return { region, points };
}

/** Brightness at every point of the band, from the region's RGBA pixels (Rec. 601 weights in integers). */
export function bandLuma(plan: BandPlan, rgba: Uint8Array | Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(plan.points.length);
  for (let i = 0; i < plan.points.length; i++) {
    const p = (plan.points[i] as number) * 4;
    out[i] = ((rgba[p] as number) * 77 + (rgba[p + 1] as number) * 150 + (rgba[p + 2] as number) * 29) >> 8;
  }
  return out;
}

/** Fraction (0–1) of the band's points whose brightness changed by more than `level` between two frames. */
export function bandMotion(previous: Uint8Array, current: Uint8Array, level = 24): number {
  const n = Math.min(previous.length, current.length);
  if (n === 0) return 0;
  let changed = 0;
  for (let i = 0; i < n; i++) if (Math.abs((previous[i] as number) - (current[i] as number)) > level) changed++;
  return changed / n;
}
