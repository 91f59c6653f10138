/**
 * Sub-frame crossing time of one object from the source frames around its leading edge.
 *
 * On every pixel row across the line (rows for a vertical line, columns for a horizontal one) the object's front
 * is located to a fraction of a pixel in each frame (front-profile.ts, which tells a soft shadow ahead of the body
 * from the body; a first pass measures how sharp the object's own edges are, which that needs). The fronts of all rows and frames are
 * fitted as one rigid body (rigid-motion.ts): an outline (offset per row) moved by a displacement per frame. The
 * leading point is the outline's most advanced point (the vertex of a parabola through the rows around it, so
 * neither one noisy row nor a running median's lag behind a rounded nose decides), and it crosses the line between
 * the last frame that shows it short of the line and the first that shows it past: the crossing is interpolated
 * between those two frames, as an official stepping through the frames would read it.
 *
 * The stated uncertainty (one standard deviation) adds the noise of the outline and of the two frames'
 * displacements, the irregularity of the motion (frames whose steps are uneven, as in footage converted from another
 * frame rate, make any reading between two frames that uncertain) and a small bias common to all fronts of a
 * blurred edge. The accuracy benchmark checks it: at least 90 % of errors within twice it, none beyond four times.
 */
import { frontBehindShade, frontInProfile, profileBuffers, profileOf, type Front, type ShadeEvidence } from './front-profile.js';
import type { LineGeometry } from './line-crossing.js';
import { leadingPoint } from './leading-point.js';
import { fitRigidMotion, irregularity, meanSpeed, type FrameDisplacement, type RigidMotion, type RowPoints } from './rigid-motion.js';
import { median, medianInPlace } from './robust.js';
import { sliverRows } from './sliver-rows.js';

export type { RowPoints } from './rigid-motion.js';

/**
 * An RGB frame, interleaved, 0–255 scale; or the part of one the detector reads (the band around the line), whose
 * first pixel is the frame's (x0, y0).
 */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array | Float32Array;
  x0?: number;
  y0?: number;
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
  /** Speed of the leading point between the two frames either side of the line, px/s (in the direction of motion). */
  velocity: number;
  /** One standard deviation of `t` (s). */
  sigma: number;
  /** RMS residual of the front positions (px). */
  residualPx: number;
  /** Rows that had a front in at least two frames, and how many front positions were used. */
  rows: number;
  points: number;
  /** Across-coordinates of the rows whose fronts were used (the body, without shadows or halos beside it). */
  across: [number, number];
  /**
   * `bracketed`: frames either side of the line were both measured and the time is interpolated between them;
   * `short`: the leading point had not reached the line in the last frame measured (later frames are needed);
   * `past`: it was already past the line in the first frame measured. Both extrapolate.
   */
  reach: 'bracketed' | 'short' | 'past';
  /** The outline: each measured row's front offset (px, downstream positive; only differences matter) and its standard deviation. */
  outline: { a: number; o: number; sigma: number }[];
  /** Interval between the two frames the crossing lies between (s). */
  intervalS: number;
  /** How far the body had moved by each frame fitted (px, arbitrary origin) and that displacement's noise (px). */
  track: { t: number; p: number; noise: number }[];
  /** The frames show the object as shade only, one depth over textured road (ONLY_SHADE_PX): light, not a body. */
  onlyShade?: boolean;
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

/**
 * The front's position in every row and frame where one is found (`shadowWidth`: see frontInProfile); the widths
 * of the edges read go to `widths` when given.
 */
export function measureFronts(input: FitInput, shadowWidth = Infinity, widths?: number[], shade?: { evidence?: ShadeEvidence; cut?: boolean }): RowPoints[] {
  const { frames, background, geometry, sign, window, threshold } = input;
  const axis = geometry.motionAxis;
  const [a0, a1] = input.across;
  const rows: RowPoints[] = [];
  const buffers = profileBuffers(window);
  for (let a = Math.ceil(a0); a <= Math.floor(a1); a++) {
    const lineM = geometry.lineAt(a);
    const read: { t: number; front: Front; behind: Front | null }[] = [];
    for (const f of frames) {
      const prof = profileOf(f, background, axis, a, lineM, sign, window, buffers);
      if (!prof) continue;
      const front = frontInProfile(prof, threshold, shadowWidth, shade?.evidence);
      if (front === null) continue;
      read.push({ t: f.t, front, behind: shade?.cut ? frontBehindShade(prof, threshold) : null });
    }
    const fronts = shade?.cut ? behindShade(read) : read.map((r) => r.front);
    if (!fronts) continue;
    const pts: RowPoints = { a, t: [], s: [] };
    fronts.forEach((front, i) => {
      pts.t.push((read[i] as { t: number }).t);
      pts.s.push(front.s);
      widths?.push(front.width);
    });
    const contrasts = fronts.map((f) => f.contrast).filter((c): c is number => c !== undefined);
    if (contrasts.length) pts.contrast = median(contrasts);
    pts.ridges = fronts.filter((f) => f.ridge).length / Math.max(1, fronts.length);
    if (pts.t.length >= 2) rows.push(pts);
  }
  return rows;
}

/**
 * One row's fronts behind a hard shadow. The shadow moves with the body, so in one row the body's edge lies the
 * same distance behind the shadow's front in every frame: where the stretch could not be read in a frame (noise,
 * JPEG, a dark square of the line under it), the front is the shadow's less that row's distance. A row where the
 * stretch was read in fewer than two frames is left out (null): its fronts would be the shadow's.
 */
function behindShade(read: readonly { front: Front; behind: Front | null }[]): Front[] | null {
  const shifts = read.filter((r) => r.behind).map((r) => r.front.s - (r.behind as Front).s);
  if (shifts.length < 2) return null;
  const shift = median(shifts);
  return read.map((r) => (r.behind && Math.abs(r.front.s - r.behind.s - shift) <= 1.5 ? r.behind : { s: r.front.s - shift, width: r.front.width }));
}

/**
 * Rows whose fronts correlate are not independent measurements (JPEG blocks, blur and the nose's own curve span
 * several rows): a frame's displacement is trusted as if it came from this many times fewer rows.
 */
const ROW_CORRELATION = 4;

/** Share of an edge's width (px) by which every front of a fit may be off alike. */
const EDGE_BIAS = 0.03;

/**
 * Fronts (rows × frames) showing a textured shade stretch for an object to be taken to cast a hard shadow: at least
 * HARD_EVIDENCE, and a share of all its fronts that, times the px the object moves per frame, reaches
 * HARD_EVIDENCE_PX. A shadow lies over a given stretch of textured road (the chequered line) for (its length + the
 * stretch's) ÷ speed frames, so the share of the fitted frames that can show it falls as the body moves faster
 * (the synthetic yellow car's shadow: 6 % of its fronts at 6 px a frame, 1 % at 12); times the speed, 0.12–0.63 px
 * on the tuning set's shadows, 0.065 at most on bodies without one (a few noisy fronts of a black car over the
 * chequered line, a cyclist's dark wheel).
 */
const HARD_EVIDENCE = 2;
const HARD_EVIDENCE_PX = 0.09;
/**
 * The share of an object's fronts that are only shade (hard-shadow.ts shadeEvidenceAt), times the px it moves per
 * frame as for a hard shadow's evidence, from which the frames show it as light: on the tuning set the soft shadow
 * of something out of view sweeping over the chequered line reads 0.9 (30 % of its fronts at 3 px a frame, 15 % at
 * 6), bodies at most 0.04 (a black car's two noisy fronts).
 */
const ONLY_SHADE_PX = 0.3;

/** The narrowest fade taken for a shadow before the object's speed is known (a sharp edge is 1–3 px wide). */
const FIRST_SHADOW_WIDTH = 8;

export function fitCrossing(input: FitInput): CrossingFit | null {
  // A first pass measures how sharp the object's own edges are (motion blur widens them) and its motion. In it a
  // fade wider than a sharp edge is taken for a shadow; in the second only one wider than twice the object's edges.
  // If the first pass reads too little (a badly blurred object), one without the shadow test gives the motion.
  const widths: number[] = [];
  // The first pass also gathers the evidence of a hard shadow ahead of the object (hard-shadow.ts), which the last
  // pass then reads the body behind, and of an object that is only shade (a shadow from out of view).
  const evidence = { fronts: 0, textured: 0, shadeOnly: 0 };
  const sharp = fitRigidMotion(measureFronts(input, FIRST_SHADOW_WIDTH, widths, { evidence }));
  // Only when the first pass read too little (under four frames' worth, or nothing moving forward).
  const plain = sharp && sharp.frames.length >= 4 && meanSpeed(sharp.frames) > 0 ? null : fitRigidMotion(measureFronts(input));
  const rough = [sharp, plain].filter((m): m is RigidMotion => m !== null && meanSpeed(m.frames) > 0).sort((a, b) => b.points - a.points)[0];
  if (!rough) return null;
  const spacing = median(rough.frames.slice(1).map((f, i) => f.t - (rough.frames[i] as FrameDisplacement).t));
  const pxPerFrame = meanSpeed(rough.frames) * spacing;
  // Fronts showing light, as a share of all the fronts read times the px moved per frame (HARD_EVIDENCE_PX).
  const perTravel = (n: number) => (evidence.fronts > 0 ? (n / evidence.fronts) * pxPerFrame : 0);
  const hard = evidence.textured >= HARD_EVIDENCE && perTravel(evidence.textured) >= HARD_EVIDENCE_PX ? { cut: true } : undefined;
  // The first pass's edges, where it gave the motion.
  const measuredEdge = rough === sharp && widths.length ? median(widths) : null;
  const fronts = measureFronts(input, Math.max(FIRST_SHADOW_WIDTH, 2 * (measuredEdge ?? pxPerFrame) + 3), undefined, hard);
  const edgeWidth = measuredEdge ?? 1;
  const motion = fitRigidMotion(fronts);
  if (!motion || !(meanSpeed(motion.frames) > 0)) return null;
  const slivers = sliverRows(fronts);
  const onlyShade = perTravel(evidence.shadeOnly) >= ONLY_SHADE_PX;
  const fit = withShade(solveCrossing(motion, rough, edgeWidth, slivers), onlyShade);
  if (fit?.reach === 'bracketed') return fit;
  // No frame either side of the line kept: a body moved in uneven whole-pixel steps can lose every frame on one
  // side of one uneven step at the fit's start; taken as whole-frame steps, they bracket the line again.
  const stepped = fitRigidMotion(fronts, true);
  const again = stepped && meanSpeed(stepped.frames) > 0 ? withShade(solveCrossing(stepped, rough, edgeWidth, slivers), onlyShade) : null;
  return again?.reach === 'bracketed' ? again : fit;
}

const withShade = (fit: CrossingFit | null, onlyShade: boolean): CrossingFit | null => (fit && onlyShade ? { ...fit, onlyShade } : fit);

/** `slivers`: rows kept out of the leading point (sliver-rows.ts). */
function solveCrossing(motion: RigidMotion, rough: RigidMotion, edgeWidth: number, slivers: ReadonlySet<number>): CrossingFit | null {
  const { frames, rows, rms } = motion;
  const tip = leadingPoint(rows, Math.max(rms, 0.02), (a) => slivers.has(a));
  const frameNoise = (f: FrameDisplacement) => Math.max(rms, 0.02) * Math.sqrt(ROW_CORRELATION / f.rows);
  const x = frames.map((f) => tip.o + f.p);
  let k = -1;
  for (let i = 0; i + 1 < frames.length; i++) {
    if ((x[i] as number) < 0 && (x[i + 1] as number) >= 0) {
      k = i;
      break;
    }
  }
  // Not bracketed (the line lies before the first measured frame or after the last): extrapolate from the two
  // nearest frames; the caller does not claim sub-frame precision for that.
  const reach = k >= 0 ? 'bracketed' : (x[0] as number) >= 0 ? 'past' : 'short';
  if (reach !== 'bracketed') k = reach === 'past' ? 0 : frames.length - 2;
  const a = frames[k] as FrameDisplacement;
  const b = frames[k + 1] as FrameDisplacement;
  const xa = x[k] as number;
  const xb = x[k + 1] as number;
  if (!(xb > xa)) return null;
  const dt = b.t - a.t;
  const phi = -xa / (xb - xa);
  // Uneven steps are the footage's (or the object's, or a misreading common to all rows): measured on the frames
  // fitted, or on the first pass's when too few frames were fitted to tell.
  const irregular = irregularity(frames.length >= 5 ? frames : rough.frames, frameNoise);
  const t = a.t + phi * dt;
  const speed = (xb - xa) / dt;
  const varianceX =
    tip.sigma ** 2 +
    (1 - phi) ** 2 * frameNoise(a) ** 2 +
    phi ** 2 * frameNoise(b) ** 2 +
    // Irregular steps (frames not captured at the times they carry, or a lurch) put the object elsewhere between
    // the two frames than a straight line between them says.
    irregular.px ** 2 * ((1 - phi) ** 2 + phi ** 2) +
    // Unmixing a blurred edge against a background that is not quite the one under it (a shadow's fade, JPEG
    // ringing) shifts every row's front alike, by a small share of the edge's width: no average removes it.
    (EDGE_BIAS * edgeWidth) ** 2;
  const points = rows.reduce((n, r) => n + r.points, 0);
  return {
    t,
    velocity: speed,
    sigma: Math.sqrt(varianceX) / speed,
    residualPx: rms,
    rows: rows.length,
    points,
    across: tip.body,
    reach,
    outline: rows.map((r) => ({ a: r.a, o: r.o, sigma: Math.max(rms, 0.02) / Math.sqrt(r.points) })),
    intervalS: dt,
    track: frames.map((f) => ({ t: f.t, p: f.p, noise: frameNoise(f) })),
  };
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
  const buffers = profileBuffers(window);
  const side = (f: FrameAt) => {
    let low = 0;
    let high = 0;
    for (let a = Math.ceil(across[0]); a <= Math.floor(across[1]); a++) {
      const lineM = geometry.lineAt(a);
      const prof = profileOf(f, background, geometry.motionAxis, a, lineM, 1, window, buffers);
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
