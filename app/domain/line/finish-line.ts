/**
 * The finish line in a frame: parsing `--line`, checking it lies inside the frame, and the exact sample positions
 * along it. A vertical column is copied pixel for pixel; any other segment is sampled at unit steps from
 * (x1, y1) towards (x2, y2) with bilinear interpolation, one composite row per sample.
 */
import { UserError } from '../errors.js';
import type { FinishLine } from '../race/evidence.js';

/** "X" → a pixel column; "X1,Y1,X2,Y2" → a segment. */
export function parseLineSpec(text: string, what = 'finish line'): FinishLine {
  const parts = text.split(',').map((p) => p.trim());
  const nums = parts.map(Number);
  if (parts.some((p) => p === '') || nums.some((n) => !Number.isFinite(n))) {
    throw new UserError(`${what}: "${text}" is not X or X1,Y1,X2,Y2`, 'INVALID_ARGUMENT');
  }
  if (parts.length === 1) {
    const x = nums[0] as number;
    if (!Number.isInteger(x) || x < 0) throw new UserError(`${what}: column "${text}" must be a whole pixel number ≥ 0`, 'INVALID_ARGUMENT');
    return { kind: 'column', x };
  }
  if (parts.length === 4) {
    const [x1, y1, x2, y2] = nums as [number, number, number, number];
    return { kind: 'segment', x1, y1, x2, y2 };
  }
  throw new UserError(`${what}: "${text}" is not X or X1,Y1,X2,Y2`, 'INVALID_ARGUMENT');
}

export function describeLine(line: FinishLine): string {
  return line.kind === 'column' ? `column x = ${line.x}` : `segment (${line.x1}, ${line.y1}) → (${line.x2}, ${line.y2})`;
}

/** The line as sampled (inside the frame) and whether it had to be clipped to get there. */
export interface FittedLine {
  line: FinishLine;
  clipped: boolean;
}

/**
 * Fits a line to a width × height frame. People give the frame's size as the far end ("390,0,410,450" on an
 * 800×450 frame), so a segment that crosses the frame is clipped to its visible part (pixel centres 0…width-1,
 * 0…height-1); a line that misses the frame, or has no length, is refused.
 */
export function fitLineToFrame(line: FinishLine, width: number, height: number, frameName: string): FittedLine {
  const frame = `${frameName} (${width}×${height} px: x 0–${width - 1}, y 0–${height - 1})`;
  if (line.kind === 'column') {
    if (line.x >= width) throw new UserError(`the finish line (${describeLine(line)}) is outside the frame of ${frame}`, 'INVALID_ARGUMENT');
    return { line, clipped: false };
  }
  if (line.x1 === line.x2 && line.y1 === line.y2) {
    throw new UserError(`the finish line (${describeLine(line)}) has no length: its two ends are the same point`, 'INVALID_ARGUMENT');
  }
  const clip = clipSegment(line, width - 1, height - 1);
  if (!clip || (clip.x1 === clip.x2 && clip.y1 === clip.y2)) {
    throw new UserError(`the finish line (${describeLine(line)}) is outside the frame of ${frame}`, 'INVALID_ARGUMENT');
  }
  const clipped = clip.x1 !== line.x1 || clip.y1 !== line.y1 || clip.x2 !== line.x2 || clip.y2 !== line.y2;
  return { line: clipped ? { kind: 'segment', ...clip } : line, clipped };
}

/** Liang–Barsky: the part of the segment inside [0, maxX] × [0, maxY], ends rounded to 1/1000 px; null if none. */
function clipSegment(s: { x1: number; y1: number; x2: number; y2: number }, maxX: number, maxY: number): { x1: number; y1: number; x2: number; y2: number } | null {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, s.x1],
    [dx, maxX - s.x1],
    [-dy, s.y1],
    [dy, maxY - s.y1],
  ] as const) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return null;
  }
  // A clipped end is a new point: kept to 1/1000 px so the evidence records a readable number.
  const at = (t: number, a: number, d: number, max: number) => (t === 0 ? a : t === 1 ? a + d : Math.min(max, Math.max(0, Math.round((a + d * t) * 1000) / 1000)));
  return { x1: at(t0, s.x1, dx, maxX), y1: at(t0, s.y1, dy, maxY), x2: at(t1, s.x1, dx, maxX), y2: at(t1, s.y1, dy, maxY) };
}

/** The default line: the middle column. */
export function defaultLine(width: number): FinishLine {
  return { kind: 'column', x: Math.floor(width / 2) };
}

/** The pixels a line needs, as a rectangle to extract from each frame. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * How to turn the extracted region into one composite column: for a vertical column the region is the column
 * itself (copy); otherwise bilinear samples with positions relative to the region.
 */
export type SamplePlan =
  | { kind: 'copy'; region: Region; rows: number }
  | { kind: 'bilinear'; region: Region; rows: number; x: Float64Array; y: Float64Array };

const SNAP = 1e-9;
const snap = (v: number) => (Math.abs(v - Math.round(v)) < SNAP ? Math.round(v) : v);

export function planSamples(line: FinishLine, width: number, height: number): SamplePlan {
  if (line.kind === 'column') return { kind: 'copy', region: { left: line.x, top: 0, width: 1, height }, rows: height };
  const dx = line.x2 - line.x1;
  const dy = line.y2 - line.y1;
  const length = Math.hypot(dx, dy);
  const n = Math.floor(length + SNAP) + 1;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    // Each position from its index (never accumulated), snapped so integer positions copy exactly.
    xs[k] = length === 0 ? line.x1 : snap(line.x1 + (dx * k) / length);
    ys[k] = length === 0 ? line.y1 : snap(line.y1 + (dy * k) / length);
  }
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < n; k++) {
    minX = Math.min(minX, xs[k] as number);
    maxX = Math.max(maxX, xs[k] as number);
    minY = Math.min(minY, ys[k] as number);
    maxY = Math.max(maxY, ys[k] as number);
  }
  const left = Math.max(0, Math.floor(minX));
  const top = Math.max(0, Math.floor(minY));
  const right = Math.min(width - 1, Math.ceil(maxX));
  const bottom = Math.min(height - 1, Math.ceil(maxY));
  for (let k = 0; k < n; k++) {
    xs[k] = (xs[k] as number) - left;
    ys[k] = (ys[k] as number) - top;
  }
  return { kind: 'bilinear', region: { left, top, width: right - left + 1, height: bottom - top + 1 }, rows: n, x: xs, y: ys };
}

/**
 * Samples one composite column from an extracted region (interleaved, `channels` per pixel) into `out` at
 * `outOffset` (in samples). Bilinear weights; exact copies where a position is a whole pixel.
 */
export function sampleRegion(
  plan: SamplePlan,
  region: Uint8Array | Uint16Array,
  channels: number,
  out: Uint8Array | Uint16Array,
  outOffset: number,
): void {
  if (plan.kind === 'copy') {
    out.set(region.subarray(0, plan.rows * channels), outOffset);
    return;
  }
  const rw = plan.region.width;
  const rh = plan.region.height;
  for (let k = 0; k < plan.rows; k++) {
    const x = plan.x[k] as number;
    const y = plan.y[k] as number;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const x1 = Math.min(x0 + 1, rw - 1);
    const y1 = Math.min(y0 + 1, rh - 1);
    const i00 = (y0 * rw + x0) * channels;
    const i01 = (y0 * rw + x1) * channels;
    const i10 = (y1 * rw + x0) * channels;
    const i11 = (y1 * rw + x1) * channels;
    const o = outOffset + k * channels;
    for (let c = 0; c < channels; c++) {
      const top = (region[i00 + c] as number) * (1 - fx) + (region[i01 + c] as number) * fx;
      const bottom = (region[i10 + c] as number) * (1 - fx) + (region[i11 + c] as number) * fx;
      out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
}
