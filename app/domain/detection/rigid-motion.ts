/**
 * One object's fronts in several frames, modelled as a rigid body: the front on row a in frame f lies at
 * offset(a) + displacement(f). The offsets are the outline of its nose; the displacements are how far the whole
 * body has moved by each frame. Nothing assumes a steady speed: a car that brakes, or footage whose frames were
 * not captured at quite the times they carry (a clip converted from another frame rate), still fits, and the
 * displacement of every frame is measured with all rows at once.
 */
import { median, medianInPlace } from './robust.js';

export interface RowPoints {
  /** Across-coordinate of the row. */
  a: number;
  /** Frame times and the front's signed position downstream of the line in each (px). */
  t: number[];
  s: number[];
}

export interface FrameDisplacement {
  t: number;
  /** How far the body has moved (px, downstream positive; the origin is arbitrary). */
  p: number;
  /** Rows measured in this frame. */
  rows: number;
}

export interface RigidMotion {
  /** Frames with enough rows measured, in time order. */
  frames: FrameDisplacement[];
  /** Each kept row's offset (px) and how many fronts it has, in across order. */
  rows: { a: number; o: number; points: number }[];
  /** RMS residual of a single front (px). */
  rms: number;
  points: number;
}

/** Fronts a row needs to count: its offset then rests on more than one frame's reading. */
const MIN_ROW_POINTS = 2;

interface Point {
  row: number;
  frame: number;
  s: number;
}

export function fitRigidMotion(input: readonly RowPoints[]): RigidMotion | null {
  const times = [...new Set(input.flatMap((r) => r.t))].sort((x, y) => x - y);
  const frameOf = new Map(times.map((t, i) => [t, i]));
  let points: Point[] = [];
  input.forEach((r, row) => r.t.forEach((t, i) => points.push({ row, frame: frameOf.get(t) as number, s: r.s[i] as number })));
  if (points.length < 4 || times.length < 2) return null;
  const o = new Float64Array(input.length);
  const p = new Float64Array(times.length);
  // A robust start (medians both ways) so misread fronts cannot drag it, then least squares on what agrees.
  polish(points, o, p, medianOf, 6);
  const res = points.map((q) => Math.abs(q.s - (o[q.row] as number) - (p[q.frame] as number)));
  const robustRms = 1.4826 * medianInPlace(Float64Array.from(res));
  const limit = Math.max(0.75, 3 * robustRms);
  points = points.filter((_, i) => (res[i] as number) <= limit);
  // Rows and frames with too little left say nothing reliable about the rest (a row seen in one frame fits it
  // exactly, whatever it is); dropping some can leave others short, so until nothing changes.
  for (let changed = true; changed; ) {
    const perRow = count(points, (q) => q.row, input.length);
    const perFrame = count(points, (q) => q.frame, times.length);
    const minRows = Math.max(2, Math.ceil(0.1 * perRow.filter((n) => n >= MIN_ROW_POINTS).length));
    const kept = points.filter((q) => (perRow[q.row] as number) >= MIN_ROW_POINTS && (perFrame[q.frame] as number) >= minRows);
    changed = kept.length !== points.length;
    points = kept;
  }
  const framesLeft = new Set(points.map((q) => q.frame));
  if (framesLeft.size < 2 || points.length < 4) return null;
  polish(points, o, p, meanOf, 30);
  let sq = 0;
  for (const q of points) sq += (q.s - (o[q.row] as number) - (p[q.frame] as number)) ** 2;
  const usedRows = new Set(points.map((q) => q.row));
  const dof = Math.max(1, points.length - usedRows.size - framesLeft.size + 1);
  const finalPerRow = count(points, (q) => q.row, input.length);
  const finalPerFrame = count(points, (q) => q.frame, times.length);
  return {
    frames: [...framesLeft].sort((x, y) => x - y).map((f) => ({ t: times[f] as number, p: p[f] as number, rows: finalPerFrame[f] as number })),
    rows: [...usedRows].sort((x, y) => x - y).map((r) => ({ a: (input[r] as RowPoints).a, o: o[r] as number, points: finalPerRow[r] as number })),
    rms: Math.sqrt(sq / dof),
    points: points.length,
  };
}

function count(points: Point[], key: (q: Point) => number, n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const q of points) out[key(q)] = (out[key(q)] as number) + 1;
  return out;
}

const medianOf = (values: number[]) => median(values);
const meanOf = (values: number[]) => values.reduce((x, y) => x + y, 0) / values.length;

/** Alternately fits row offsets and frame displacements to the points (median or mean of the residuals). */
function polish(points: Point[], o: Float64Array, p: Float64Array, centre: (v: number[]) => number, rounds: number): void {
  const byRow = new Map<number, Point[]>();
  const byFrame = new Map<number, Point[]>();
  for (const q of points) {
    if (!byRow.has(q.row)) byRow.set(q.row, []);
    if (!byFrame.has(q.frame)) byFrame.set(q.frame, []);
    (byRow.get(q.row) as Point[]).push(q);
    (byFrame.get(q.frame) as Point[]).push(q);
  }
  for (let k = 0; k < rounds; k++) {
    for (const [row, qs] of byRow) o[row] = centre(qs.map((q) => q.s - (p[q.frame] as number)));
    for (const [frame, qs] of byFrame) p[frame] = centre(qs.map((q) => q.s - (o[q.row] as number)));
  }
}

/** Least-squares speed (px/s) of the displacements: the body's mean velocity over the frames. */
export function meanSpeed(frames: readonly FrameDisplacement[]): number {
  const n = frames.length;
  const tm = frames.reduce((x, f) => x + f.t, 0) / n;
  const pm = frames.reduce((x, f) => x + f.p, 0) / n;
  let num = 0;
  let den = 0;
  for (const f of frames) {
    num += (f.t - tm) * (f.p - pm);
    den += (f.t - tm) ** 2;
  }
  return den > 0 ? num / den : NaN;
}

/**
 * How far the displacements stray from smooth motion (a parabola in time) beyond what their measurement noise
 * explains (px RMS), and the parabola's acceleration (px/s²). Irregular steps mean the frames were not captured at
 * the times they carry, or the object lurched: either way a reading between two frames is that uncertain.
 */
export function irregularity(frames: readonly FrameDisplacement[], noise: (f: FrameDisplacement) => number): { px: number; accel: number } {
  if (frames.length < 5) return { px: 0, accel: 0 };
  // Time scaled to 0–1 over the frames, so the normal equations stay well conditioned at any frame rate.
  const t0 = (frames[0] as FrameDisplacement).t;
  const span = (frames[frames.length - 1] as FrameDisplacement).t - t0 || 1;
  const S = [0, 0, 0, 0, 0];
  const T = [0, 0, 0];
  for (const f of frames) {
    const x = (f.t - t0) / span;
    let q = 1;
    for (let k = 0; k < 5; k++) {
      S[k] = (S[k] as number) + q;
      if (k < 3) T[k] = (T[k] as number) + q * f.p;
      q *= x;
    }
  }
  const c = solve3(S, T);
  if (!c) return { px: 0, accel: 0 };
  let sq = 0;
  let expected = 0;
  for (const f of frames) {
    const x = (f.t - t0) / span;
    sq += (f.p - (c[0] + c[1] * x + c[2] * x * x)) ** 2;
    expected += noise(f) ** 2;
  }
  const dof = frames.length - 3;
  const excess = sq / dof - expected / frames.length;
  return { px: Math.sqrt(Math.max(0, excess)), accel: (2 * c[2]) / (span * span) };
}

/** Normal equations of a least-squares parabola: sums of x^0..x^4 and of y·x^0..x^2. */
export function solve3(S: number[], T: number[]): [number, number, number] | null {
  const [s0, s1, s2, s3, s4] = S as [number, number, number, number, number];
  const [t0, t1, t2] = T as [number, number, number];
  const det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
  if (!(Math.abs(det) > 1e-12 * Math.abs(s0 * s2 * s4))) return null;
  const c0 = (t0 * (s2 * s4 - s3 * s3) - s1 * (t1 * s4 - s3 * t2) + s2 * (t1 * s3 - s2 * t2)) / det;
  const c1 = (s0 * (t1 * s4 - t2 * s3) - t0 * (s1 * s4 - s3 * s2) + s2 * (s1 * t2 - t1 * s2)) / det;
  const c2 = (s0 * (s2 * t2 - s3 * t1) - s1 * (s1 * t2 - t1 * s2) + t0 * (s1 * s3 - s2 * s2)) / det;
  return [c0, c1, c2];
}
