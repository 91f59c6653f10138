/**
 * Rows whose fronts cannot place the leading point: a thin sliver of the body ahead of something the road's colour.
 *
 * Motion blur spreads a body's front over its travel during the exposure; unmixing the ramp against the colour at
 * its top puts the front at the body's position at mid-exposure when the body is solid for at least that travel
 * behind its tip. Where it is not (a van's road-grey rubbing strip starting a pixel behind the nose, a window or a
 * stripe right behind the tip), the ramp tops out at a faint mix of the sliver and what lies behind it, and
 * unmixed against that the front lands ahead of the body by up to half the blur: on the tuning set's 15 frames/s
 * van, its strip's rows read 1.8 px ahead of its nose and the leading point followed them (0.15 frame early, 15σ).
 * Such rows show two things at once: the difference falls away right behind the ramp's top (a ridge), and that top
 * is much fainter than the body's other rows show. They still measure the motion (a bias common to all frames
 * leaves the displacements alone); they are only kept out of the leading point. A limb that leads, or a stripe of
 * a colour as strong as the body's, is no such row.
 */
import type { RowPoints } from './rigid-motion.js';
import { median } from './robust.js';

/** A row whose fronts are mostly ridges (this share of them or more)... */
const RIDGE_SHARE = 0.5;
/** ...and whose contrast is under this share of the median row's. */
const FAINT_SHARE = 0.5;

/** The across-coordinates of the sliver rows among an object's measured rows (see above). */
export function sliverRows(rows: readonly RowPoints[]): Set<number> {
  const out = new Set<number>();
  const contrasts = rows.map((r) => r.contrast).filter((c): c is number => c !== undefined);
  if (contrasts.length === 0) return out;
  const typical = median(contrasts);
  for (const r of rows) if ((r.ridges ?? 0) >= RIDGE_SHARE && r.contrast !== undefined && r.contrast < FAINT_SHARE * typical) out.add(r.a);
  return out;
}
