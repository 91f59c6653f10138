/**
 * Sub-frame crossing time of one object from the source frames around its leading edge.
 *
 * On every pixel row across the line (rows for a vertical line, columns for a horizontal one) the object's front is
 * an edge along the direction of motion. A pixel the front only partly covers holds a mix of object and background
 * colour; unmixing against the known background gives the covered fraction, and summing the fractions from a
 * pixel inside the object outwards gives the front's position to a fraction of a pixel. Motion blur only widens the
 * ramp: the sum still lands on the front's position at mid-exposure, which is the frame's time.
 *
 * Fronts measured in the frames before and after the crossing are fitted, all rows at once, with a common velocity
 * (a rigid object) and a position per row, after a robust (median) start that drops misread fronts and rows that do
 * not move with the object. Each row's crossing is where its front meets the line; the object's leading edge is
 * the earliest of those, found as the vertex of a parabola through the rows around the earliest (running median),
 * so neither one noisy row nor the median's lag behind a rounded nose decides. The fit's residuals give the stated
 * uncertainty (one standard deviation).
 */
import type { LineGeometry } from './line-crossing.js';
import { median, medianInPlace, runningMedian } from './robust.js';

/** An RGB frame, interleaved, 0–255 scale. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array | Float32Array;
}

export interface FrameAt {
  /** Seconds relative to a reference time (kept small so floats stay exact enough). */
  t: number;
  image: RgbImage;
  /** Exposure gain of this frame relative to the background. */
  gain: number;
}

export interface FitInput {
  frames: FrameAt[];
  background: RgbImage;
  geometry: LineGeometry;
  /** Across-coordinates (image rows for motion along x) the object covers, inclusive. */
  across: [number, number];
  /** +1: moving towards larger x (or y). */
  sign: 1 | -1;
  /** Half-width of the search band around the line along the motion axis (px). */
  window: number;
  /** A colour distance clearly above the noise (0–255 scale). */
  threshold: number;
}

export interface CrossingFit {
  /** Crossing time relative to the frames' reference (s). */
  t: number;
  /** Velocity along the motion axis, px/s (positive: in the direction of motion). */
  velocity: number;
  /** One standard deviation of `t` (s). */
  sigma: number;
  /** RMS residual of the front positions (px). */
  residualPx: number;
  /** Rows that had a front in at least two frames, and how many front positions were used. */
  rows: number;
  points: number;
}

/** Ratio of a frame's brightness to the background's (median over a sparse grid of pixels). */
export function frameGain(image: RgbImage, background: RgbImage): number {
  const ratios: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt((image.width * image.height) / 20000)));
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const i = (y * image.width + x) * 3;
      const b = (background.data[i] as number) + (background.data[i + 1] as number) + (background.data[i + 2] as number);
      if (b < 24) continue;
      ratios.push(((image.data[i] as number) + (image.data[i + 1] as number) + (image.data[i + 2] as number)) / b);
    }
  }
  return ratios.length ? medianInPlace(ratios) : 1;
}

/** Reads a pixel given motion-axis coordinate m and across-coordinate a. */
function pixelIndex(img: RgbImage, axis: 'x' | 'y', m: number, a: number): number {
  const x = axis === 'x' ? m : a;
  const y = axis === 'x' ? a : m;
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return -1;
  return (y * img.width + x) * 3;
}

interface Profile {
  /** Signed distance downstream from the line of sample 0 (px); sample k is at s0 + k. */
  s0: number;
  diff: Float32Array; // per sample, 3 channels: image − gain·background
  bg: Float32Array; // per sample, 3 channels: gain·background
  mag: Float32Array;
  n: number;
}

/** The pixels of one row across the line, ordered downstream (in the direction of motion). */
function profileOf(frame: FrameAt, bg: RgbImage, axis: 'x' | 'y', a: number, lineM: number, sign: 1 | -1, window: number): Profile | null {
  const centre = Math.round(lineM);
  const n = 2 * window + 1;
  const diff = new Float32Array(n * 3);
  const back = new Float32Array(n * 3);
  const mag = new Float32Array(n);
  let count = 0;
  let s0 = 0;
  for (let k = 0; k < n; k++) {
    const m = centre + sign * (k - window);
    const i = pixelIndex(frame.image, axis, m, a);
    if (i < 0) {
      if (count > 0) break; // ran off the frame downstream
      continue;
    }
    if (count === 0) s0 = sign * (m - lineM);
    let sq = 0;
    for (let ch = 0; ch < 3; ch++) {
      const b = Math.min(255, frame.gain * (bg.data[i + ch] as number)); // the sensor clips at white
      const d = (frame.image.data[i + ch] as number) - b;
      diff[count * 3 + ch] = d;
      back[count * 3 + ch] = b;
      sq += d * d;
    }
    mag[count] = Math.sqrt(sq);
    count++;
  }
  return count >= 6 ? { s0, diff, bg: back, mag, n: count } : null;
}

/**
 * Position of the object's front along one profile (signed px downstream of the line), or null where no clear
 * front lies inside the band (or the object fills it to the far end).
 */
function frontInProfile(p: Profile, threshold: number): number | null {
  const { mag, n } = p;
  // Relative to the object's own contrast too: a shadow or a compression halo ahead of a bright car is not its front.
  let peak = 0;
  for (let j = 0; j < n; j++) peak = Math.max(peak, mag[j] as number);
  const level = Math.max(threshold, 0.3 * peak);
  let k = -1;
  for (let j = n - 1; j >= 2; j--) {
    if ((mag[j] as number) > level && (mag[j - 1] as number) > level && (mag[j - 2] as number) > level) {
      k = j;
      break;
    }
  }
  if (k < 0 || k >= n - 2) return null;
  // Walk inwards while the difference still climbs (the blurred or anti-aliased ramp), then one pixel more.
  let inner = k;
  for (let step = 0; step < 12 && inner - 1 >= 0 && (mag[inner - 1] as number) > 1.08 * (mag[inner] as number); step++) inner--;
  inner = Math.max(0, inner - 1);
  if (inner === 0 && k > 12) return null;
  // The object's colour just inside the front, as a difference from the background there.
  const obj = [0, 0, 0];
  const from = Math.max(0, inner - 1);
  for (let j = from; j <= inner; j++) for (let ch = 0; ch < 3; ch++) obj[ch] = (obj[ch] as number) + (p.diff[j * 3 + ch] as number) + (p.bg[j * 3 + ch] as number);
  const cnt = inner - from + 1;
  for (let ch = 0; ch < 3; ch++) obj[ch] = (obj[ch] as number) / cnt;
  // Covered fraction of each pixel from `inner` outwards, until two pixels in a row are background. Where the
  // object's colour matches the background there (a white car over a white square of the line) a pixel says
  // nothing about coverage; a front that falls on such pixels cannot be placed, so that reading is dropped.
  const alphas: number[] = [];
  const known: boolean[] = [];
  let quiet = 0;
  for (let j = inner; j < n && quiet < 2; j++) {
    let dot = 0;
    let norm = 0;
    for (let ch = 0; ch < 3; ch++) {
      const contrast = (obj[ch] as number) - (p.bg[j * 3 + ch] as number);
      dot += (p.diff[j * 3 + ch] as number) * contrast;
      norm += contrast * contrast;
    }
    const isKnown = norm > 4 * threshold * threshold;
    const alpha = isKnown ? Math.max(-0.25, Math.min(1.25, dot / norm)) : Math.min(1, (mag[j] as number) / Math.max(Math.sqrt(norm), threshold));
    alphas.push(alpha);
    known.push(isKnown);
    quiet = isKnown && alpha < 0.15 && j > k ? quiet + 1 : 0;
  }
  if (quiet < 2) return null; // reached the band's end still on the object
  let lastFull = -1;
  let firstEmpty = alphas.length;
  for (let i = 0; i < alphas.length; i++) if (known[i] && (alphas[i] as number) >= 0.85) lastFull = i;
  for (let i = alphas.length - 1; i > lastFull; i--) if (known[i] && (alphas[i] as number) <= 0.15) firstEmpty = i;
  for (let i = Math.max(0, lastFull); i <= Math.min(firstEmpty, alphas.length - 1); i++) if (!known[i]) return null;
  // Fronts are monotonic: a pixel that cannot be read is covered behind the last fully covered one and empty
  // beyond the first empty one.
  let covered = 0;
  for (let i = 0; i < alphas.length; i++) covered += known[i] ? (alphas[i] as number) : i < lastFull ? 1 : i > firstEmpty ? 0 : (alphas[i] as number);
  return p.s0 + inner - 0.5 + covered;
}

export interface RowPoints {
  /** Across-coordinate of the row. */
  a: number;
  /** Frame times and the front's signed position downstream of the line in each (px). */
  t: number[];
  s: number[];
}

/** The front's position in every row and frame where one is found. */
export function measureFronts(input: FitInput): RowPoints[] {
  const { frames, background, geometry, sign, window, threshold } = input;
  const axis = geometry.motionAxis;
  const [a0, a1] = input.across;
  const rows: RowPoints[] = [];
  for (let a = Math.ceil(a0); a <= Math.floor(a1); a++) {
    const lineM = geometry.lineAt(a);
    const pts: RowPoints = { a, t: [], s: [] };
    for (const f of frames) {
      const prof = profileOf(f, background, axis, a, lineM, sign, window);
      if (!prof) continue;
      const s = frontInProfile(prof, threshold);
      if (s === null) continue;
      pts.t.push(f.t);
      pts.s.push(s);
    }
    if (pts.t.length >= 2) rows.push(pts);
  }
  return rows;
}

export function fitCrossing(input: FitInput): CrossingFit | null {
  const rows = measureFronts(input);
  if (rows.length === 0) return null;
  // A robust start (median velocity, median offsets) so misread fronts cannot drag the fit, then least squares on
  // the fronts that agree with it.
  const start = robustFit(rows);
  if (!start) return null;
  const limit = Math.max(0.75, 3 * start.rms);
  for (const r of rows) {
    const off = start.offset.get(r.a) as number;
    const keepT: number[] = [];
    const keepS: number[] = [];
    r.t.forEach((t, i) => {
      if (Math.abs((r.s[i] as number) - (off + start.v * t)) <= limit) {
        keepT.push(t);
        keepS.push(r.s[i] as number);
      }
    });
    r.t = keepT;
    r.s = keepS;
  }
  // A row whose own fronts stand still or race ahead is not this object's front (a parked car, a neighbour's
  // shadow in the band): every part of a rigid object moves at its speed.
  const need = Math.min(3, Math.max(2, frames(rows) - 2));
  const kept = rows.filter((r) => {
    if (r.t.length < need) return false;
    const own = rowSlope(r);
    return own !== null && own > 0.5 * start.v && own < 2 * start.v;
  });
  if (kept.length === 0) return null;
  const fit = jointFit(kept);
  if (!fit || fit.v <= 0) return null;
  const { v, offset } = fit;
  // Each row crosses when its front reaches s = 0.
  const crossing = kept.map((r) => -(offset.get(r.a) as number) / v);
  // Rows are smoothed over a span that grows with the object (1 row each side for a 35-row car, more for large
  // ones), so a single misread row cannot become the leading edge.
  const radius = Math.max(1, Math.round(kept.length * 0.02));
  const smoothed = kept.length >= 3 ? runningMedian(crossing, radius) : crossing;
  let best = 0;
  for (let i = 1; i < smoothed.length; i++) if ((smoothed[i] as number) < (smoothed[best] as number)) best = i;
  // The median of neighbouring rows sits a little behind a rounded nose's tip. Around the earliest rows the nose is
  // a smooth curve: a parabola through the rows' crossings finds the tip without that bias, averaging the noise.
  const tip = parabolaMinimum(kept.map((r) => r.a), crossing, (kept[best] as RowPoints).a, Math.max(2, Math.round(kept.length * 0.04)));
  const pointsAtBest = (kept[best] as RowPoints).t.length;
  const sigmaPos = Math.max(fit.rms, 0.02) / Math.sqrt(pointsAtBest);
  const points = kept.reduce((n, r) => n + r.t.length, 0);
  return {
    t: tip ?? (smoothed[best] as number),
    velocity: v,
    sigma: sigmaPos / v,
    residualPx: fit.rms,
    rows: kept.length,
    points,
  };
}

interface JointFit {
  v: number;
  offset: Map<number, number>;
  rms: number;
}

/**
 * Minimum of the least-squares parabola through (a, value) for rows within `radius` of `centre`, with its vertex
 * kept inside those rows; a flat or hollow front (no positive curvature) gives the lowest fitted value instead.
 * Null when fewer than four rows are there.
 */
function parabolaMinimum(as: readonly number[], values: readonly number[], centre: number, radius: number): number | null {
  const xs: number[] = [];
  const ys: number[] = [];
  as.forEach((a, i) => {
    if (Math.abs(a - centre) <= radius) {
      xs.push(a - centre);
      ys.push(values[i] as number);
    }
  });
  if (xs.length < 4) return null;
  // Normal equations for y = c0 + c1 x + c2 x².
  const S = [0, 0, 0, 0, 0];
  const T = [0, 0, 0];
  xs.forEach((x, i) => {
    let p = 1;
    for (let k = 0; k < 5; k++) {
      S[k] = (S[k] as number) + p;
      if (k < 3) T[k] = (T[k] as number) + p * (ys[i] as number);
      p *= x;
    }
  });
  const [s0, s1, s2, s3, s4] = S as [number, number, number, number, number];
  const [t0, t1, t2] = T as [number, number, number];
  const det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
  if (Math.abs(det) < 1e-12) return null;
  const c0 = (t0 * (s2 * s4 - s3 * s3) - s1 * (t1 * s4 - s3 * t2) + s2 * (t1 * s3 - s2 * t2)) / det;
  const c1 = (s0 * (t1 * s4 - t2 * s3) - t0 * (s1 * s4 - s3 * s2) + s2 * (s1 * t2 - t1 * s2)) / det;
  const c2 = (s0 * (s2 * t2 - s3 * t1) - s1 * (s1 * t2 - s3 * t0) + t0 * (s1 * s3 - s2 * s2)) / det;
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const at = (x: number) => c0 + c1 * x + c2 * x * x;
  if (c2 > 0) return at(Math.min(hi, Math.max(lo, -c1 / (2 * c2))));
  return Math.min(at(lo), at(hi));
}

/** Most fronts any row has: how many frames saw the object. */
function frames(rows: RowPoints[]): number {
  return rows.reduce((n, r) => Math.max(n, r.t.length), 0);
}

/** Least-squares slope of one row's fronts (px/s), or null with fewer than two distinct times. */
function rowSlope(r: RowPoints): number | null {
  const n = r.t.length;
  const tm = r.t.reduce((a, b) => a + b, 0) / n;
  const sm = r.s.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  r.t.forEach((t, i) => {
    num += (t - tm) * ((r.s[i] as number) - sm);
    den += (t - tm) * (t - tm);
  });
  return den > 0 ? num / den : null;
}

/** Median of the frame-to-frame velocities of all rows, median offset per row, rms from the median deviation. */
function robustFit(rows: RowPoints[]): JointFit | null {
  const slopes: number[] = [];
  for (const r of rows) {
    for (let i = 1; i < r.t.length; i++) {
      const dt = (r.t[i] as number) - (r.t[i - 1] as number);
      if (dt > 0) slopes.push(((r.s[i] as number) - (r.s[i - 1] as number)) / dt);
    }
  }
  if (slopes.length === 0) return null;
  const v = median(slopes);
  const offset = new Map<number, number>();
  const deviations: number[] = [];
  for (const r of rows) {
    const off = median(r.t.map((t, i) => (r.s[i] as number) - v * t));
    offset.set(r.a, off);
    r.t.forEach((t, i) => deviations.push(Math.abs((r.s[i] as number) - (off + v * t))));
  }
  return { v, offset, rms: 1.4826 * median(deviations) };
}

/** Least squares s = offset(row) + v·t with one v for all rows. */
function jointFit(rows: { a: number; t: number[]; s: number[] }[]): JointFit | null {
  let num = 0;
  let den = 0;
  const means = rows.map((r) => {
    const tm = r.t.reduce((x, y) => x + y, 0) / r.t.length;
    const sm = r.s.reduce((x, y) => x + y, 0) / r.s.length;
    r.t.forEach((t, i) => {
      num += (t - tm) * ((r.s[i] as number) - sm);
      den += (t - tm) * (t - tm);
    });
    return { tm, sm };
  });
  if (den <= 0) return null;
  const v = num / den;
  const offset = new Map<number, number>();
  let sq = 0;
  let n = 0;
  rows.forEach((r, k) => {
    const { tm, sm } = means[k] as { tm: number; sm: number };
    const off = sm - v * tm;
    offset.set(r.a, off);
    r.t.forEach((t, i) => {
      const e = (r.s[i] as number) - (off + v * t);
      sq += e * e;
      n++;
    });
  });
  const dof = Math.max(1, n - rows.length - 1);
  return { v, offset, rms: Math.sqrt(sq / dof) };
}

/**
 * Which way the object moves along the motion axis: before its first touch it lies on the upstream side of the
 * line, after it has left it lies downstream. Compares how much of it lies on each side in those two frames.
 */
export function motionSign(
  before: FrameAt,
  after: FrameAt,
  background: RgbImage,
  geometry: LineGeometry,
  across: [number, number],
  window: number,
  threshold: number,
): 1 | -1 {
  const side = (f: FrameAt) => {
    let low = 0;
    let high = 0;
    for (let a = Math.ceil(across[0]); a <= Math.floor(across[1]); a++) {
      const lineM = geometry.lineAt(a);
      const prof = profileOf(f, background, geometry.motionAxis, a, lineM, 1, window);
      if (!prof) continue;
      for (let k = 0; k < prof.n; k++) {
        if ((prof.mag[k] as number) <= threshold) continue;
        const s = prof.s0 + k;
        if (s < -0.5) low++;
        else if (s > 0.5) high++;
      }
    }
    return low - high;
  };
  return side(before) - side(after) >= 0 ? 1 : -1;
}
