/**
 * One object, one suggestion: is an outline (the fronts of neighbouring rows, fitted over several frames) one body
 * or two side by side?
 *
 * A body seen from above has one leading point: its outline rises to a nose and falls away on either side. Two
 * competitors whose bodies touch each have their own nose, so their joint outline rises, dips where their rounded
 * corners meet, and rises again: a notch. Parts of one body that the composite shows apart (a white car over the
 * white squares of a chequered line shows only where it crosses the black ones) make one outline without a notch.
 * Rows where no front was measured for more than a few rows also separate bodies.
 */
import { runningMedian } from './robust.js';

export interface OutlineRow {
  /** Across-coordinate of the row (image pixels). */
  a: number;
  /** Front offset (px, downstream positive). */
  o: number;
  sigma: number;
}

/** Shallowest notch (px) between two noses that separates two bodies: a rounded corner sets back 3–5 px. */
const NOTCH_PX = 2;
/** More unmeasured rows than this between two runs of the outline: not one continuous body. */
export const MAX_ROW_GAP = 4;

/**
 * Where the outline divides into two bodies (the across-coordinate of the first row of the second), or null when it
 * is one. Each side must span at least `minRows` rows and a quarter of the other's; `notchPx`: the shallowest notch
 * (a shallower one may still part a limb from its body, limbs.ts, which the caller then tells from its fits).
 */
export function bodyBoundary(outline: readonly OutlineRow[], minRows: number, notchPx = NOTCH_PX): number | null {
  const rows = [...outline].sort((x, y) => x.a - y.a);
  if (rows.length < 2 * minRows) return null;
  for (let i = 1; i < rows.length; i++) {
    const gap = (rows[i] as OutlineRow).a - (rows[i - 1] as OutlineRow).a - 1;
    if (gap > MAX_ROW_GAP && i >= minRows && rows.length - i >= minRows) return (rows[i] as OutlineRow).a;
  }
  const o = runningMedian(
    rows.map((r) => r.o),
    2,
  );
  const sigmas = rows.map((r) => r.sigma).sort((x, y) => x - y);
  const depth = Math.max(notchPx, 4 * (sigmas[Math.floor(sigmas.length / 2)] as number));
  let peak = 0;
  for (let i = 1; i < o.length; i++) if ((o[i] as number) > (o[peak] as number)) peak = i;
  // Walking away from the highest nose on each side: the deepest dip followed by a rise of `depth` is a notch.
  let best: { at: number; rise: number } | null = null;
  for (const step of [-1, 1]) {
    let low = peak;
    for (let j = peak + step; j >= 0 && j < o.length; j += step) {
      if ((o[j] as number) < (o[low] as number)) low = j;
      const rise = (o[j] as number) - (o[low] as number);
      // Rows on the far side of the dip, and on the near side: each body at least a quarter of the other's width
      // (a car's mirror beside its bonnet is not a second car).
      const beyond = step > 0 ? o.length - low : low + 1;
      const near = o.length - beyond;
      const wide = beyond >= Math.max(minRows, 0.25 * near) && near >= Math.max(minRows, 0.25 * beyond);
      if (rise >= depth && wide && Math.abs(low - peak) >= minRows / 2 && (!best || rise > best.rise)) best = { at: step > 0 ? low : low + 1, rise };
    }
  }
  if (!best) return null;
  return slotInOneNose(o, best.at, depth) ? null : (rows[best.at] as OutlineRow).a;
}

/** Rows beside a notch within which each side's most advanced row lies when the notch is a slot in one nose. */
const SLOT_SHOULDER = 2;

/**
 * Whether the notch at index `at` of the outline `o` is a slot cut into one nose rather than the meeting of two: a
 * stripe of another colour just behind a nose can set its rows' fronts back (their edge is read against the
 * stripe), a few rows wide with steep walls. Two bodies side by side each round off towards where they meet (a
 * corner is a body's most set-back part), so neither side's most advanced row lies right beside the notch; a slot
 * at the tip of one nose has the nose's highest rows on both of its walls.
 */
function slotInOneNose(o: readonly number[], at: number, depth: number): boolean {
  const floor = o[at] as number;
  let top = at;
  let bottom = at;
  while (top > 0 && (o[top - 1] as number) < floor + depth / 2) top--;
  while (bottom < o.length - 1 && (o[bottom + 1] as number) < floor + depth / 2) bottom++;
  if (top === 0 || bottom === o.length - 1) return false;
  const highest = (from: number, to: number) => {
    let k = from;
    for (let i = from; i <= to; i++) if ((o[i] as number) > (o[k] as number)) k = i;
    return k;
  };
  const above = highest(0, top - 1);
  const below = highest(bottom + 1, o.length - 1);
  return top - 1 - above <= SLOT_SHOULDER && below - (bottom + 1) <= SLOT_SHOULDER;
}
