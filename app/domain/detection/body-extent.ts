/**
 * The body behind each hairline: the object found in the composite (background-subtracted, see
 * composite-objects.ts) whose leading edge the hairline stands on, as rows of the line and columns of time. An
 * enlargement crops to these bodies, so it shows the competitors rather than the whole width of the track.
 */
import { findCompositeObjects, type CompositeObject, type Plane } from './composite-objects.js';

export interface BodyExtent {
  /** Rows of the line, inclusive. */
  top: number;
  bottom: number;
  /** Columns of time, inclusive: the leading edge and the tail. */
  first: number;
  last: number;
}

/** A hairline this many columns before an object's first column still belongs to it (sub-column marks, halos). */
const LEAD_TOLERANCE = 3;

/**
 * For each hairline column of `plane` (the plane's own column numbers), the body it marks, or null where no object
 * starts near it. Each object serves the hairline nearest its leading edge first; two hairlines on one merged
 * region (side by side, touching) both get it.
 */
export function bodiesAtHairlines(plane: Plane, columns: readonly number[]): (BodyExtent | null)[] {
  if (plane.width < 8 || plane.height < 4) return columns.map(() => null);
  const { objects } = findCompositeObjects(plane);
  const pairs: { h: number; o: CompositeObject; d: number }[] = [];
  columns.forEach((c, h) => {
    for (const o of objects) {
      if (c < o.firstColumn - LEAD_TOLERANCE || c > o.lastColumn) continue;
      pairs.push({ h, o, d: Math.abs(c - o.firstColumn) });
    }
  });
  pairs.sort((a, b) => a.d - b.d || a.h - b.h);
  const out: (BodyExtent | null)[] = columns.map(() => null);
  const used = new Set<CompositeObject>();
  for (const p of pairs) {
    if (out[p.h] || used.has(p.o)) continue;
    used.add(p.o);
    out[p.h] = extentOf(p.o);
  }
  // A hairline whose body was taken by a nearer hairline shares it rather than showing nothing.
  for (const p of pairs) if (!out[p.h]) out[p.h] = extentOf(p.o);
  return out;
}

function extentOf(o: CompositeObject): BodyExtent {
  return { top: o.top, bottom: o.bottom, first: o.firstColumn, last: o.lastColumn };
}
