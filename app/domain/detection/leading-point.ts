/**
 * The leading point of an outline (the front's offset on each row across the line): the most advanced point of the
 * body, found robustly (stray rows beside the body, noisy rows, a rounded nose's tip between rows).
 */
import { MAX_ROW_GAP } from './bodies.js';
import { solve3, type RigidMotion } from './rigid-motion.js';
import { median } from './robust.js';

/**
 * The outline's most advanced point: the rows' offsets are smoothed over a span that grows with the object (1 row
 * each side for a 35-row car), and a parabola through the rows around the most advanced one finds the tip of a
 * rounded nose. Its uncertainty is a single row's (the tip rows are few, and neighbours correlate), widened where
 * the tip is a stepped bump (steppedBump). `body`: the across-coordinates from the first to the last row
 * considered (the object without stray rows beside it).
 */
export function leadingPoint(
  rows: RigidMotion['rows'],
  rms: number,
  cannotLead: (a: number) => boolean = () => false,
): { o: number; sigma: number; a: number; body: [number, number] } {
  const offsets = rows.map((r) => r.o);
  const radius = Math.max(1, Math.round(rows.length * 0.02));
  // Runs of neighbouring rows (gaps of a few unmeasured rows allowed); a few stray rows off by themselves (a shadow
  // beside the car, a neighbour's edge) are not the nose. The nose is the most advanced point of the other runs,
  // each smoothed on its own.
  const runs: number[][] = [];
  rows.forEach((r, i) => {
    const run = runs[runs.length - 1];
    if (run && r.a - (rows[i - 1] as { a: number }).a <= 1 + MAX_ROW_GAP) run.push(i);
    else runs.push([i]);
  });
  const longest = Math.max(...runs.map((run) => run.length));
  const smoothed = new Array<number>(rows.length).fill(-Infinity);
  const kept = runs.filter((run) => run.length >= Math.min(longest, Math.max(4, 0.1 * longest)));
  for (const run of kept) {
    const values = run.map((i) => offsets[i] as number);
    (values.length >= 3 ? fullWindowMedian(values, radius) : values).forEach((v, k) => (smoothed[run[k] as number] = v));
  }
  // Rows that cannot place the front (sliver-rows.ts) measure the outline but are not the tip, unless no other is.
  const leads = rows.map((r) => !cannotLead(r.a));
  if (!leads.some((x, i) => x && smoothed[i] !== -Infinity)) leads.fill(true);
  let best = -1;
  for (let i = 0; i < smoothed.length; i++) if (leads[i] && (best < 0 || (smoothed[i] as number) > (smoothed[best] as number))) best = i;
  const run = runs.find((r) => r.includes(best)) as number[];
  const body = run.filter((i) => leads[i]);
  const centre = (rows[best] as { a: number }).a;
  // The rows around it: a span that grows with the object, wider where rows are missing (a nose hidden on some).
  let span = Math.max(2, Math.round(rows.length * 0.04));
  const limit = 3 * span + 4;
  while (span < limit && body.filter((i) => Math.abs((rows[i] as { a: number }).a - centre) <= span).length < 5) span++;
  const vertex = parabolaMaximum(
    body.map((i) => (rows[i] as { a: number }).a),
    body.map((i) => offsets[i] as number),
    centre,
    span,
  );
  // The parabola refines the tip between rows by a fraction of a pixel; further ahead of the smoothed rows than a
  // few fronts' noise it follows a stray row at the edge of the rows it spans (a hollow fit rises to its end).
  const tipLimit = (smoothed[best] as number) + TIP_NOISE * rms;
  const rowSigma = rms / Math.sqrt(Math.max(1, (rows[best] as { points: number }).points));
  const bump = steppedBump(body.map((i) => offsets[i] as number), body.indexOf(best), rowSigma);
  return {
    o: Math.min(vertex ?? (smoothed[best] as number), tipLimit),
    sigma: Math.hypot(rowSigma, bump / 2),
    a: centre,
    body: [(rows[(kept[0] as number[])[0] as number] as { a: number }).a, (rows[(kept[kept.length - 1] as number[]).at(-1) as number] as { a: number }).a],
  };
}

/**
 * A step in the outline at the edge of the tip's plateau: a fall over the next two rows (one may be a mixed row) of
 * at least STEP_PX, STEP_NOISE row noises, and STEP_SLOPE times what the plateau itself falls over two rows (its
 * median fall between neighbouring rows, twice).
 */
const STEP_PX = 0.6;
const STEP_NOISE = 4;
const STEP_SLOPE = 3;
/** Beyond a step the outline falls at most this share of the step over the next two rows. */
const SHOULDER_FALL = 0.5;
/** Rows within this (px, or PLATEAU_NOISE row noises) of the tip are its plateau. */
const PLATEAU_PX = 0.5;
const PLATEAU_NOISE = 3;

/**
 * How far (px) the tip stands ahead of the outline beside it when it is a bump with a step on either side: a few
 * rows that read ahead of their neighbours by more than a nose curves over two rows. A stripe of another colour
 * along the nose (a black livery behind a blue tip, blurred together) reads its rows' front ahead of the body's by
 * a pixel or more (1.5 px on the tuning set's 15 fps livery car, read 0.1 frame early at 10σ); a real bumper or
 * splitter ahead of the body makes the same outline. Which is right the outline cannot say, so the leading point
 * is that uncertain (half the bump's height counts as one σ); 0 for a nose without such steps. `offsets`: the
 * body's rows in order; `tip`: the index of the leading row among them.
 */
export function steppedBump(offsets: readonly number[], tip: number, rowSigma: number): number {
  const top = offsets[tip];
  if (top === undefined) return 0;
  const near = Math.max(PLATEAU_PX, PLATEAU_NOISE * rowSigma);
  let first = tip;
  let last = tip;
  while (offsets[first - 1] !== undefined && (offsets[first - 1] as number) >= top - near) first--;
  while (offsets[last + 1] !== undefined && (offsets[last + 1] as number) >= top - near) last++;
  // The plateau's own fall from row to row, as its median (its edge rows may be mixed rows, half a step each).
  const falls: number[] = [];
  for (let k = first; k < last; k++) falls.push(Math.abs((offsets[k + 1] as number) - (offsets[k] as number)));
  const plateauSlope = falls.length ? median(falls) : 0;
  const step = Math.max(STEP_PX, STEP_NOISE * rowSigma, STEP_SLOPE * 2 * plateauSlope);
  // The outline two rows beyond the plateau's edge (or one, at the body's end), where it has fallen that far and
  // then runs on flatter: over the next two rows it falls under half as much again (a wheel's or a small nose's
  // tight curve falls faster and faster, and is no step).
  const shoulder = (edge: number, dir: -1 | 1): number | null => {
    const outside = offsets[edge + 2 * dir] ?? offsets[edge + dir];
    if (outside === undefined) return null;
    const drop = (offsets[edge] as number) - outside;
    const beyond = offsets[edge + 4 * dir];
    return drop >= step && (beyond === undefined || outside - beyond <= SHOULDER_FALL * drop) ? outside : null;
  };
  const before = shoulder(first, -1);
  const after = shoulder(last, 1);
  return before === null || after === null ? 0 : top - Math.max(before, after);
}

/** How far (in fronts' RMS residuals) the parabola's tip may lie ahead of the most advanced smoothed row. */
const TIP_NOISE = 3;

/**
 * Running median whose window keeps its full width at the ends of the list (shifted inwards): the last row of a
 * run is weighed with two neighbours, not one. A window of two there is their mean, and one stray row at a run's
 * end (a soft shadow read as the body on the edge row of a cyclist's frame) then stood out as the leading point.
 */
function fullWindowMedian(values: readonly number[], radius: number): number[] {
  const width = Math.min(values.length, 2 * radius + 1);
  return values.map((_, i) => {
    const from = Math.max(0, Math.min(values.length - width, i - radius));
    return median(values.slice(from, from + width));
  });
}

/**
 * Maximum of the least-squares parabola through (a, value) for rows within `radius` of `centre`, with its vertex
 * kept inside those rows; a flat or hollow outline (no negative curvature) gives the highest fitted value instead.
 * Null when fewer than four rows are there.
 */
function parabolaMaximum(as: readonly number[], values: readonly number[], centre: number, radius: number): number | null {
  const S = [0, 0, 0, 0, 0];
  const T = [0, 0, 0];
  let lo = Infinity;
  let hi = -Infinity;
  let n = 0;
  as.forEach((a, i) => {
    const x = a - centre;
    if (Math.abs(x) > radius) return;
    n++;
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
    let q = 1;
    for (let k = 0; k < 5; k++) {
      S[k] = (S[k] as number) + q;
      if (k < 3) T[k] = (T[k] as number) + q * (values[i] as number);
      q *= x;
    }
  });
  if (n < 4) return null;
  const c = solve3(S, T);
  if (!c) return null;
  const at = (x: number) => c[0] + c[1] * x + c[2] * x * x;
  if (c[2] < 0) return at(Math.min(hi, Math.max(lo, -c[1] / (2 * c[2]))));
  return Math.max(at(lo), at(hi));
}
