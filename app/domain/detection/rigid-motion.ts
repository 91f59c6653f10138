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
  /** What the profiles showed of the row's fronts (front-fit.ts): their median contrast, and the share that were ridges. */
  contrast?: number;
  ridges?: number;
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

/**
 * `wholeFrameSteps`: frames whose rows all lie off the steady motion alike, by less than a frame's travel, are taken
 * as displaced whole rather than left out at the start (frameLurches); for a fit that left out every frame on one
 * side of the line otherwise (front-fit.ts).
 */
export function fitRigidMotion(input: readonly RowPoints[], wholeFrameSteps = false): RigidMotion | null {
  const times = [...new Set(input.flatMap((r) => r.t))].sort((x, y) => x - y);
  const frameOf = new Map(times.map((t, i) => [t, i]));
  let points: Point[] = [];
  input.forEach((r, row) => r.t.forEach((t, i) => points.push({ row, frame: frameOf.get(t) as number, s: r.s[i] as number })));
  if (points.length < 4 || times.length < 2) return null;
  // A robust start: one steady speed for every row (the median of all rows' frame-to-frame speeds) and each row's
  // median offset from it. The speed ties together rows seen in different frames (a car over a chequered line is
  // seen on one square's rows before the line and on the other's after it), which medians both ways cannot.
  const v = steadySpeed(input);
  if (!Number.isFinite(v)) return null;
  const start = input.map((r) => median(r.t.map((t, i) => (r.s[i] as number) - v * t)));
  const off = points.map((q) => q.s - (start[q.row] as number) - v * (times[q.frame] as number));
  const limit = Math.max(0.75, 3 * 1.4826 * medianInPlace(Float64Array.from(off, Math.abs)));
  const lurch = wholeFrameSteps ? frameLurches(points, start, v, times, limit / 3) : new Array<number>(times.length).fill(0);
  const res = points.map((q, i) => Math.abs((off[i] as number) - (lurch[q.frame] as number)));
  points = usable(
    points.filter((_, i) => (res[i] as number) <= limit),
    input.length,
    times.length,
  );
  // Least squares on what agrees, then once more without the fronts that still stand out from it.
  let fit = points.length >= 4 ? solveTwoWay(points, input.length, times.length) : null;
  if (fit) {
    const { o, p, rms } = fit;
    points = usable(
      points.filter((q) => Math.abs(q.s - (o[q.row] as number) - (p[q.frame] as number)) <= Math.max(0.75, 4 * rms)),
      input.length,
      times.length,
    );
    fit = points.length >= 4 ? solveTwoWay(points, input.length, times.length) : null;
  }
  if (!fit) return null;
  const { o, p, rms } = fit;
  const perRow = count(points, (q) => q.row, input.length);
  const perFrame = count(points, (q) => q.frame, times.length);
  return {
    frames: [...new Set(points.map((q) => q.frame))].sort((x, y) => x - y).map((f) => ({ t: times[f] as number, p: p[f] as number, rows: perFrame[f] as number })),
    rows: [...new Set(points.map((q) => q.row))].sort((x, y) => x - y).map((r) => ({ a: (input[r] as RowPoints).a, o: o[r] as number, points: perRow[r] as number })),
    rms,
    points: points.length,
  };
}

/**
 * How far each frame's fronts lie, as one, off the steady motion: the median over its rows, where nearly all of them
 * (LURCH_SHARE) lie that far off within `tolerance`; 0 elsewhere (a frame of too few rows, or whose rows stray each
 * their own way: limbs, a misread shadow, noise). A body moved in whole-pixel steps (a box drawn at even pixels, 3.8
 * px per frame on average in steps of 4 and 2), or frames captured at uneven times, put every row of a frame off the
 * steady motion alike: that is the frame's displacement, which the fit measures, not fronts to be left out. Left in,
 * one 2-px step between the frames either side of the line put all the frames before it off by more than the start
 * allows, and the crossing was only extrapolated from those after it.
 */
function frameLurches(points: readonly Point[], start: readonly number[], v: number, times: readonly number[], tolerance: number): number[] {
  const byFrame: number[][] = times.map(() => []);
  for (const q of points) (byFrame[q.frame] as number[]).push(q.s - (start[q.row] as number) - v * (times[q.frame] as number));
  const typical = median(byFrame.map((r) => r.length).filter((n) => n > 0));
  // A frame's travel: a lurch of more is no uneven step of a steady body (a swaying shadow swings back and forth).
  const travel = Math.abs(v) * median(times.slice(1).map((t, i) => t - (times[i] as number)));
  return byFrame.map((r) => {
    if (r.length < Math.max(3, typical / 2)) return 0;
    const lurch = median(r);
    if (!(Math.abs(lurch) <= MAX_LURCH * travel)) return 0;
    return r.filter((x) => Math.abs(x - lurch) <= tolerance).length >= LURCH_SHARE * r.length ? lurch : 0;
  });
}

/** Share of a frame's rows that must lie off the steady motion alike for the frame to be taken as displaced whole. */
const LURCH_SHARE = 0.9;
/** The largest lurch, as a share of a frame's travel. */
const MAX_LURCH = 0.6;

function count(points: Point[], key: (q: Point) => number, n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const q of points) out[key(q)] = (out[key(q)] as number) + 1;
  return out;
}

/** Median over all rows of the speed between a row's consecutive fronts (px/s). */
function steadySpeed(rows: readonly RowPoints[]): number {
  const speeds: number[] = [];
  for (const r of rows) {
    for (let i = 1; i < r.t.length; i++) {
      const dt = (r.t[i] as number) - (r.t[i - 1] as number);
      if (dt > 0) speeds.push(((r.s[i] as number) - (r.s[i - 1] as number)) / dt);
    }
  }
  return speeds.length ? median(speeds) : NaN;
}

/**
 * The points that can be fitted: rows with at least two fronts (a row seen in one frame fits it exactly, whatever
 * it is), frames with a tenth of the rows, and of what remains the largest set of rows and frames linked by
 * shared fronts (separate sets would each have an origin of their own). Until nothing changes.
 */
function usable(points: Point[], rows: number, frames: number): Point[] {
  let out = points;
  for (let changed = true; changed; ) {
    const perRow = count(out, (q) => q.row, rows);
    const perFrame = count(out, (q) => q.frame, frames);
    const minRows = Math.max(2, Math.ceil(0.1 * perRow.filter((n) => n >= MIN_ROW_POINTS).length));
    const kept = largestLinked(
      out.filter((q) => (perRow[q.row] as number) >= MIN_ROW_POINTS && (perFrame[q.frame] as number) >= minRows),
      rows,
    );
    changed = kept.length !== out.length;
    out = kept;
  }
  return out;
}

/** The points of the largest group of rows and frames linked by shared fronts (union-find over both). */
function largestLinked(points: Point[], rows: number): Point[] {
  const parent: number[] = [];
  const find = (x: number): number => {
    while (parent[x] !== undefined && parent[x] !== x) x = parent[x] as number;
    return x;
  };
  for (const q of points) {
    const a = find(q.row);
    const b = find(rows + q.frame);
    parent[a] = a;
    parent[b] = b;
    if (a !== b) parent[a] = b;
  }
  const size = new Map<number, number>();
  for (const q of points) size.set(find(q.row), (size.get(find(q.row)) ?? 0) + 1);
  let best = -1;
  for (const [root, n] of size) if (best < 0 || n > (size.get(best) as number)) best = root;
  return points.filter((q) => find(q.row) === best);
}

/**
 * Exact least squares of s = o(row) + p(frame): the row offsets are eliminated (each is the mean of its fronts
 * less the displacements), leaving one linear system in the displacements, with the first frame's fixed at 0.
 */
function solveTwoWay(points: Point[], rows: number, frames: number): { o: Float64Array; p: Float64Array; rms: number } | null {
  const byRow = new Map<number, Point[]>();
  for (const q of points) {
    if (!byRow.has(q.row)) byRow.set(q.row, []);
    (byRow.get(q.row) as Point[]).push(q);
  }
  const used = [...new Set(points.map((q) => q.frame))].sort((x, y) => x - y);
  const index = new Map(used.map((f, i) => [f, i - 1])); // the first frame is the origin: no unknown
  const m = used.length - 1;
  if (m < 1) return null;
  const A = Array.from({ length: m }, () => new Float64Array(m));
  const b = new Float64Array(m);
  for (const qs of byRow.values()) {
    const n = qs.length;
    const mean = qs.reduce((x, q) => x + q.s, 0) / n;
    for (const q of qs) {
      const k = index.get(q.frame) as number;
      if (k < 0) continue;
      b[k] = (b[k] as number) + q.s - mean;
      const row = A[k] as Float64Array;
      for (const q2 of qs) {
        const k2 = index.get(q2.frame) as number;
        if (k2 >= 0) row[k2] = (row[k2] as number) + (q2 === q ? 1 : 0) - 1 / n;
      }
    }
  }
  const x = solveLinear(A, b);
  if (!x) return null;
  const p = new Float64Array(frames);
  used.forEach((f, i) => (p[f] = i === 0 ? 0 : (x[i - 1] as number)));
  const o = new Float64Array(rows);
  for (const [row, qs] of byRow) o[row] = qs.reduce((acc, q) => acc + q.s - (p[q.frame] as number), 0) / qs.length;
  let sq = 0;
  for (const q of points) sq += (q.s - (o[q.row] as number) - (p[q.frame] as number)) ** 2;
  const dof = Math.max(1, points.length - byRow.size - used.length + 1);
  return { o, p, rms: Math.sqrt(sq / dof) };
}

/** Gaussian elimination with partial pivoting; null when the system is singular. */
function solveLinear(A: Float64Array[], b: Float64Array): Float64Array | null {
  const n = b.length;
  const M: Float64Array[] = A.map((r) => Float64Array.from(r));
  const y = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs((M[r] as Float64Array)[c] as number) > Math.abs((M[piv] as Float64Array)[c] as number)) piv = r;
    if (Math.abs((M[piv] as Float64Array)[c] as number) < 1e-9) return null;
    [M[c], M[piv]] = [M[piv] as Float64Array, M[c] as Float64Array];
    [y[c], y[piv]] = [y[piv] as number, y[c] as number];
    const rc = M[c] as Float64Array;
    for (let r = c + 1; r < n; r++) {
      const rr = M[r] as Float64Array;
      const f = (rr[c] as number) / (rc[c] as number);
      if (f === 0) continue;
      for (let k = c; k < n; k++) rr[k] = (rr[k] as number) - f * (rc[k] as number);
      y[r] = (y[r] as number) - f * (y[c] as number);
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    const rr = M[r] as Float64Array;
    let acc = y[r] as number;
    for (let k = r + 1; k < n; k++) acc -= (rr[k] as number) * (x[k] as number);
    x[r] = acc / (rr[r] as number);
  }
  return x;
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
