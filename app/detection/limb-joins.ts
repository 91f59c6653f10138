/**
 * Limbs joined to their bodies (limbs.ts tells a limb from a second competitor by how the two move against each
 * other): the last step of settling bodies from the frame fits (frame-readings.ts).
 */
import { MAX_ROW_GAP } from '../domain/detection/bodies.js';
import type { CrossingFit } from '../domain/detection/front-fit.js';
import { limbOfOneBody, type LimbCandidate } from '../domain/detection/limbs.js';
import { LIGHTING_FLAG, unionOfSpans, type ObjectSpan } from '../domain/detection/reading.js';
import { ticksToSeconds } from '../domain/time/ticks.js';
import type { Attempt } from './frame-fits.js';

/**
 * A limb touches its body: at most as many rows apart as one body's outline may leave unmeasured (bodies.ts). Two
 * competitors in neighbouring lanes have road between them (the tuning set's sprinters, 11 rows apart, swing
 * against each other as a limb would, and were joined into one suggestion when a wider gap was allowed).
 */
export const LIMB_GAP_ROWS = MAX_ROW_GAP;

/**
 * Joins limbs to their bodies (limbs.ts): a leg read as an object of its own beside the torso moves against it as no
 * second competitor would. The joined body's reading is its first part's to reach the line, as the truth of a body
 * is its first point to touch it; the rows are all of its parts'; its uncertainty is widened (bodyOfParts).
 */
export function joinLimbs(attempts: readonly Attempt[]): Attempt[] {
  const out = [...attempts];
  // A body already joined keeps each part's own track: a third object joins it only when it moves against every
  // one of them (a competitor beside a runner moves with the runner's torso, however the legs swing).
  const parts = new Map<Attempt, LimbCandidate[]>(out.map((a) => [a, [limbCandidate(a)]]));
  // Light is no limb: a shadow or a reflection beside a body moves at a speed of its own too, and is flagged apart.
  const read = (a: Attempt) => a.fit?.reach === 'bracketed' && (a.span.lighting ?? 0) < LIGHTING_FLAG;
  const limbs = (a: Attempt, b: Attempt) =>
    (parts.get(a) as LimbCandidate[]).every((p) => (parts.get(b) as LimbCandidate[]).every((q) => limbOfOneBody(p, q, LIMB_GAP_ROWS)));
  for (let joined = true; joined; ) {
    joined = false;
    search: for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i] as Attempt;
        const b = out[j] as Attempt;
        if (a.sign !== b.sign || !read(a) || !read(b) || !limbs(a, b)) continue;
        const body = bodyOfParts(a, b);
        parts.set(body, [...(parts.get(a) as LimbCandidate[]), ...(parts.get(b) as LimbCandidate[])]);
        out.splice(j, 1);
        out.splice(i, 1, body);
        joined = true;
        break search;
      }
    }
  }
  return out;
}

/** An attempt as the limb test sees it (limbs.ts): its rows, columns and track, in seconds of the footage. */
export function limbCandidate(a: Attempt): LimbCandidate {
  return {
    top: a.span.top,
    bottom: a.span.bottom,
    firstColumn: a.span.firstColumn,
    lastColumn: a.span.lastColumn,
    track: (a.fit?.track ?? []).map((q) => ({ ...q, t: q.t + ticksToSeconds(a.ref) })),
  };
}

function bodyOfParts(a: Attempt, b: Attempt): Attempt {
  const at = (x: Attempt) => ticksToSeconds(x.ref) + (x.fit as CrossingFit).t;
  const first = at(a) <= at(b) ? a : b;
  const fa = a.fit as CrossingFit;
  const fb = b.fit as CrossingFit;
  const span: ObjectSpan = { ...first.span, ...unionOfSpans(a.span, b.span) };
  const across: [number, number] = [Math.min(fa.across[0], fb.across[0]), Math.max(fa.across[1], fb.across[1])];
  // A body whose limbs swing is not the rigid outline its fit assumes: fronts stray from the fit in whole groups of
  // rows at once (a swinging arm leads in all of its rows), so no average over rows makes the leading point better
  // known than one front. The fit's residual adds to the uncertainty undivided.
  const fit = first.fit as CrossingFit;
  const sigma = Math.hypot(fit.sigma, fit.residualPx / fit.velocity);
  return { ...first, span, fit: { ...fit, across, sigma } };
}
