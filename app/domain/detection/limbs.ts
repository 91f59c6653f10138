/**
 * Limbs belong to their body. A runner's legs, a walker's swinging arms, a horse's legs under its barrel: the
 * detector can read such a limb as an object of its own beside the body (its front makes a second nose, so the
 * outline is split there as if two competitors touched; or a band of rows the colour of the road lies between
 * them), and each would get a suggestion. Two competitors side by side look alike at a glance: two neighbouring
 * objects, each with a front, crossing at about the same time.
 *
 * What tells them apart is how they move against each other. A competitor is rigid: over the frames around its
 * crossing its whole front moves as one, and two competitors side by side move at steady speeds that differ by a
 * few percent at most, so the distance between their fronts changes steadily and slowly. A limb swings about the
 * body it hangs from: measured frame by frame, its displacement runs ahead of the body's and falls back behind it.
 * Over the few frames fitted around the crossing that shows as one of
 * - a swing: the relative displacement strays from any steady relative speed by half a pixel or more and twice what
 *   the tracks' noise explains (rigid pairs stray less than that noise; a slow camera sees a good part of a stride
 *   between frames, 3 px at 10 fps), or
 * - a speed of its own: a leg swinging forward or back moves a good share faster or slower than the body (a fast
 *   camera sees a short stretch of the stride, nearly straight),
 * or both part of the way (their squares, each over its threshold, add up to 1 or more).
 * The frame fits measure each object's displacement in every frame (rigid-motion.ts): both cues are read off tracks
 * the detector already has. A limb is also attached to its body (a few rows apart at most) and on the line with it.
 */

/** One frame of an object's track: time (s), how far the object has moved (px, arbitrary origin), its noise (px). */
export interface TrackPoint {
  t: number;
  p: number;
  noise: number;
}

/** What the join looks at of an object: its rows and columns in the composite and its track through the frames. */
export interface LimbCandidate {
  top: number;
  bottom: number;
  firstColumn: number;
  lastColumn: number;
  track: readonly TrackPoint[];
}

/** Fewest frames both tracks must share to tell a swing from noise. */
const MIN_SHARED_FRAMES = 5;
/** A swing (px RMS about a steady relative speed) at least this, and this many times the tracks' noise. */
const SWING_PX = 0.5;
const SWING_NOISE = 2;
/**
 * A relative speed at least this share of the body's speed. Competitors side by side at a finish differ by a few
 * percent; a fitted front that mixes in swinging limbs can read 10 % off its body's (two sprinters read 9.5 %
 * apart), a leg swinging under its body 18–28 %.
 */
const OWN_SPEED_SHARE = 0.15;
/** Share of the shorter one's columns that must lie within the other's: a limb is on the line while its body is. */
const TOGETHER_SHARE = 0.5;

/** How two tracks move against each other over the frames both were measured in. */
export interface RelativeMotion {
  /** RMS (px) of the relative displacement about a steady relative speed. */
  swingPx: number;
  /** The noise that alone would explain (px RMS). */
  noisePx: number;
  /** The steady relative speed as a share of the mean speed of the two. */
  speedShare: number;
  frames: number;
}

/** See above; null when they share too few frames (times equal to a thousandth of the frame spacing). */
export function relativeMotion(a: readonly TrackPoint[], b: readonly TrackPoint[]): RelativeMotion | null {
  const spacing = Math.min(medianSpacing(a), medianSpacing(b));
  if (!Number.isFinite(spacing)) return null;
  const shared: { t: number; d: number; variance: number }[] = [];
  let j = 0;
  for (const p of a) {
    while (j < b.length && (b[j] as TrackPoint).t < p.t - 1e-3 * spacing) j++;
    const q = b[j];
    if (q && Math.abs(q.t - p.t) <= 1e-3 * spacing) shared.push({ t: p.t, d: p.p - q.p, variance: p.noise ** 2 + q.noise ** 2 });
  }
  const n = shared.length;
  if (n < MIN_SHARED_FRAMES) return null;
  const line = fitLine(shared.map((x) => x.t), shared.map((x) => x.d));
  let sq = 0;
  for (const x of shared) sq += (x.d - line.at(x.t)) ** 2;
  const speed = (fitLine(a.map((x) => x.t), a.map((x) => x.p)).slope + fitLine(b.map((x) => x.t), b.map((x) => x.p)).slope) / 2;
  return {
    swingPx: Math.sqrt(sq / (n - 2)),
    noisePx: Math.sqrt(shared.reduce((s, x) => s + x.variance, 0) / n),
    speedShare: speed > 0 ? Math.abs(line.slope) / speed : 0,
    frames: n,
  };
}

/** Whether one of the two is a limb of the other (see above); `maxGap`: rows that may lie between them. */
export function limbOfOneBody(a: LimbCandidate, b: LimbCandidate, maxGap: number): boolean {
  const gap = Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom) - 1;
  if (gap > maxGap) return false;
  const overlap = Math.min(a.lastColumn, b.lastColumn) - Math.max(a.firstColumn, b.firstColumn) + 1;
  const shorter = Math.min(a.lastColumn - a.firstColumn + 1, b.lastColumn - b.firstColumn + 1);
  if (overlap < TOGETHER_SHARE * shorter) return false;
  const m = relativeMotion(a.track, b.track);
  if (!m) return false;
  // Either cue alone at its full threshold, or both at once part of the way (a galloping horse's legs at 250
  // frames/s: a swing of 0.92 of its threshold and 0.95 of the speed share). Rigid pairs show neither: they stray
  // less than their noise (under half the swing's threshold) and differ in speed by a few percent.
  const swing = m.swingPx / Math.max(SWING_PX, SWING_NOISE * m.noisePx);
  const own = m.speedShare / OWN_SPEED_SHARE;
  return swing ** 2 + own ** 2 >= 1;
}

function fitLine(t: readonly number[], y: readonly number[]): { slope: number; at: (t: number) => number } {
  const n = t.length;
  const tm = t.reduce((s, x) => s + x, 0) / n;
  const ym = y.reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let den = 0;
  t.forEach((x, i) => {
    num += (x - tm) * ((y[i] as number) - ym);
    den += (x - tm) ** 2;
  });
  const slope = den > 0 ? num / den : 0;
  return { slope, at: (x) => ym + slope * (x - tm) };
}

function medianSpacing(track: readonly TrackPoint[]): number {
  const gaps = track
    .slice(1)
    .map((p, i) => p.t - (track[i] as TrackPoint).t)
    .filter((g) => g > 0)
    .sort((x, y) => x - y);
  return gaps.length ? (gaps[Math.floor(gaps.length / 2)] as number) : NaN;
}
