/**
 * Parts of one rigid body that the composite shows as separate regions only because a band of rows between them is
 * blind. In a composite a row is compared with its own still background; where that background itself changes over
 * time (a hand-held slit-scan sweeping over a lattice, a flickering reflection) the row's threshold rises so far that
 * a body crossing there no longer shows. A train's cab and its coupler, or a car's body and its bumper, then come out
 * as regions stacked along the line with a blind band between them, and each would get a suggestion of its own.
 *
 * Two regions are taken for one body when all of this holds:
 * - the rows between them are blind (most of them need several times the typical row's contrast to show anything),
 *   so nothing there says the body is interrupted; a gap the detector could see into and saw background in keeps the
 *   regions apart, as does a touching pair split deliberately as two competitors side by side (no gap at all);
 * - something covers those rows while both parts are on the line: there they are calm from column to column (a
 *   body's surface sweeping past) where the same rows of the empty line change from column to column (what made
 *   them blind). Two competitors in neighbouring lanes leave the busy background showing between them;
 * - the band is narrow (a few percent of the line), as between two parts of one outline;
 * - they persist together: the shorter region lies mostly within the columns of the longer, as the parts of one rigid
 *   body stay on the line together while it passes.
 * The joined region keeps every row's first column, so its leading point is the body's first point to reach the line.
 */

import type { Plane } from './composite-objects.js';
import { median } from './robust.js';

/** A region of the composite: its rows, columns and cells (row × width + column). */
export interface Part {
  top: number;
  bottom: number;
  first: number;
  last: number;
  cells: number[];
}

/** A row is blind where its threshold is this many times the typical row's. */
const BLIND_RATIO = 3;
/** Share of the rows between two parts that must be blind. */
const BLIND_SHARE = 0.75;
/** Widest blind band between two parts of one body, as a share of the line's rows. */
const MAX_GAP_SHARE = 0.05;
/** Share of the shorter part's columns that must lie within the longer's. */
const TOGETHER_SHARE = 0.5;
/** Covered rows change from column to column at most this share of the empty line's change in the same rows. */
const CALM_SHARE = 0.5;
/** Columns sampled when measuring that change. */
const SAMPLES = 2048;

/** What the join looks at: each row's threshold and the typical row's, and the image with its empty-line columns. */
export interface BodyEvidence {
  threshold: ArrayLike<number>;
  typical: number;
  plane: Plane;
  /** Columns that show the empty line (a line-scan image's still background), or null: any column. */
  emptyColumns: readonly number[] | null;
}

/**
 * Joins parts of one body (see above). Each pair is judged on the parts as found (not on parts already joined, whose row range
 * would swallow a third part's), and parts linked through any chain of pairs are one body. Parts that touch or
 * overlap along the line are never joined here: that decision belongs to whoever split them.
 */
export function joinBodyParts<P extends Part>(parts: readonly P[], evidence: BodyEvidence, join: (a: P, b: P) => P): P[] {
  const root = parts.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i] as number)));
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      if (oneBody(parts[i] as P, parts[j] as P, evidence)) root[find(j)] = find(i);
    }
  }
  const bodies = new Map<number, P>();
  parts.forEach((p, i) => {
    const k = find(i);
    const body = bodies.get(k);
    bodies.set(k, body ? join(body, p) : p);
  });
  return [...bodies.values()];
}

function oneBody(a: Part, b: Part, evidence: BodyEvidence): boolean {
  const { threshold, typical, plane } = evidence;
  const [upper, lower] = a.top <= b.top ? [a, b] : [b, a];
  const gapTop = upper.bottom + 1;
  const gapBottom = lower.top - 1;
  const gap = gapBottom - gapTop + 1;
  if (gap < 1 || gap > MAX_GAP_SHARE * plane.height) return false;
  let blind = 0;
  for (let r = gapTop; r <= gapBottom; r++) if ((threshold[r] as number) >= BLIND_RATIO * typical) blind++;
  if (blind < BLIND_SHARE * gap) return false;
  const from = Math.max(a.first, b.first);
  const to = Math.min(a.last, b.last);
  const shorter = Math.min(a.last - a.first + 1, b.last - b.first + 1);
  if (to - from + 1 < TOGETHER_SHARE * shorter || to <= from) return false;
  const together = spread(from, to - 1);
  const empty = evidence.emptyColumns ? sampled(evidence.emptyColumns.filter((c) => c + 1 < plane.width)) : spread(0, plane.width - 2);
  return columnChange(plane, gapTop, gapBottom, together) <= CALM_SHARE * columnChange(plane, gapTop, gapBottom, empty);
}

/** Up to SAMPLES columns evenly spread from `from` to `to`. */
function spread(from: number, to: number): number[] {
  const step = Math.max(1, (to - from + 1) / SAMPLES);
  const out: number[] = [];
  for (let c = from; c <= to; c += step) out.push(Math.floor(c));
  return out;
}

function sampled(columns: readonly number[]): number[] {
  return spread(0, columns.length - 1).map((k) => columns[k] as number);
}

/** Median change (mean over the colour channels) from each of `columns` to the next, over rows `top..bottom`. */
function columnChange(p: Plane, top: number, bottom: number, columns: readonly number[]): number {
  const changes: number[] = [];
  for (let r = top; r <= bottom; r++) {
    for (const c of columns) {
      const i = (r * p.width + c) * 3;
      let d = 0;
      for (let ch = 0; ch < 3; ch++) d += Math.abs((p.data[i + 3 + ch] as number) - (p.data[i + ch] as number));
      changes.push(d / 3);
    }
  }
  return median(changes);
}
