/**
 * The leading edge of an object in a native line-scan image, read from the image itself (there are no frames to
 * fit). Along each of its rows the object's first columns are unmixed against that row's background, as the front
 * reader does along a frame's row: a column the nose reached during its exposure holds the fraction of the exposure
 * it was there, and summing the covered fractions places the arrival to a fraction of a column. The leading point
 * is the earliest arrival over the rows (the vertex of a parabola through the rows around it). Where the edge ramps
 * over more than a couple of columns (a blurred nose, a slit-scan assembled from video frames) no sub-column claim
 * is made.
 */
import type { CompositeObject, Plane } from './composite-objects.js';
import { leadingPoint } from './leading-point.js';
import { frontInProfile, type Profile } from './front-profile.js';
import { coarseReading, type Reading } from './reading.js';
import { median } from './robust.js';
import { clampMilliColumn, intervalAtColumn, MILLI, timeAtMilliColumn } from '../time/column-time.js';
import { ticksToSeconds, type Ticks } from '../time/ticks.js';

export interface LineScanEdge {
  /** Fractional column of the arrival (column c is exposed from c − 0.5 to c + 0.5). */
  column: number;
  sigmaColumns: number;
  /** The edge ramps over at most SHARP_COLUMNS columns: a sub-column reading holds. */
  sharp: boolean;
  /** Rows whose edges were read. */
  rows: [number, number];
}

/** Samples read either side of a row's first column. */
const REACH = 12;
/** Widest edge ramp (columns, full to empty) read to a fraction of a column. */
const SHARP_COLUMNS = 2.5;
/** A row whose edge is this many columns behind the earliest edges near it shows something behind the nose. */
const HIDDEN_COLUMNS = 2;
/** Floor of the stated uncertainty (columns): quantisation and the unmixing's own bias. */
const MIN_SIGMA_COLUMNS = 0.03;

export function lineScanEdge(o: CompositeObject, p: Plane, background: Float32Array, threshold: number): LineScanEdge | null {
  // Parts of one body kept apart by blind rows (a cab and its coupler): each part's outline is read on its own (on
  // the whole, a short part would pass for stray rows beside the body), and the body arrives with its earliest part.
  if (o.parts) {
    const edges = o.parts.map((part) => lineScanEdge(part, p, background, threshold)).filter((e) => e !== null);
    return edges.reduce<LineScanEdge | null>((best, e) => (!best || e.column < best.column ? e : best), null);
  }
  const read: { row: { a: number; o: number; points: number }; sharp: boolean }[] = [];
  o.firstByRow.forEach((first, k) => {
    if (first < 0) return;
    const r = o.top + k;
    const profile = rowProfile(p, background, r, first);
    const front = frontInProfile(profile, threshold);
    if (!front) return;
    // Samples run from late columns to early ones (downstream is earlier), sample k being column start − k, and
    // the profile's origin is set so that a position s is column −s. A soft edge (a halo or blur fading in over
    // many columns ahead of the body) is read where it is half way up: summing its faint columns as coverage
    // would put the arrival at the halo's start.
    const ramp = rampOf(profile);
    const sharp = ramp.width <= SHARP_COLUMNS;
    read.push({ row: { a: r, o: sharp ? front.s : ramp.half, points: 1 }, sharp });
  });
  // Where some rows show the body's edge sharp, rows that only show a soft fade are not taken for the nose.
  const sharpRows = read.filter((x) => x.sharp);
  const sharp = sharpRows.length >= Math.max(5, 0.1 * read.length);
  const rows = (sharp ? sharpRows : read).map((x) => x.row);
  // Where the object's colour matches the background (a white car over a white square) its nose is invisible and
  // the row shows a later edge (its windscreen): rows well behind the earliest edges around them are left out.
  const visible = rows.filter((r) => {
    const around = rows.filter((x) => Math.abs(x.a - r.a) <= 4).map((x) => x.o);
    return r.o >= Math.max(...around) - HIDDEN_COLUMNS;
  });
  if (visible.length < 3) return null;
  // Scatter of the edges about a smooth outline (second differences remove the nose's curve): one row's noise.
  const bends = visible.slice(2).map((r, i) => Math.abs(r.o - 2 * (visible[i + 1] as { o: number }).o + (visible[i] as { o: number }).o));
  const rowNoise = bends.length ? (1.4826 * median(bends)) / Math.sqrt(6) : 0.1;
  const tip = leadingPoint(visible, rowNoise);
  // The vertex rests on the few rows around the tip: about a third of one row's noise.
  return { column: -tip.o, sigmaColumns: Math.max(MIN_SIGMA_COLUMNS, rowNoise / Math.sqrt(3)), sharp, rows: tip.body };
}

/**
 * How an edge rises along a row, in columns: from 10 % to 90 % of the way from the background's level (ahead of
 * it) to the body's (the strongest difference within a few columns behind the start), and where it is half way.
 */
function rampOf(p: Profile): { width: number; half: number } {
  // Sample 0 is the latest column; the last sample the earliest. Ahead of the object: the last few samples.
  const ahead = Array.from(p.mag.slice(Math.max(0, p.n - 6)));
  const quiet = median(ahead);
  let body = 0;
  for (let j = 0; j < p.n; j++) body = Math.max(body, p.mag[j] as number);
  const level = (share: number) => quiet + share * (body - quiet);
  // The first sample (from the early end) at or over a level, interpolated between samples.
  const at = (share: number) => {
    const v = level(share);
    for (let j = p.n - 2; j >= 0; j--) {
      const here = p.mag[j] as number;
      const before = p.mag[j + 1] as number;
      if (here >= v) return j + (here === before ? 0 : (here - v) / (here - before));
    }
    return 0;
  };
  return { width: at(0.1) - at(0.9), half: p.s0 + at(0.5) };
}

function rowProfile(p: Plane, background: Float32Array, r: number, first: number): Profile {
  const start = Math.min(p.width - 1, first + REACH);
  const end = Math.max(0, first - REACH);
  const n = start - end + 1;
  const diff = new Float32Array(n * 3);
  const bg = new Float32Array(n * 3);
  const mag = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const i = (r * p.width + (start - k)) * 3;
    let sq = 0;
    for (let ch = 0; ch < 3; ch++) {
      const b = background[r * 3 + ch] as number;
      const d = (p.data[i + ch] as number) - b;
      diff[k * 3 + ch] = d;
      bg[k * 3 + ch] = b;
      sq += d * d;
    }
    mag[k] = Math.sqrt(sq);
  }
  return { s0: -start, diff, bg, mag, n };
}

/**
 * A line-scan object's reading: the sub-column arrival where the edge is sharp (a calibrated uncertainty), the
 * arrival with the column interval as its uncertainty where it is not, the composite's coarse reading where no edge
 * could be read near the column it first shows in.
 */
export function lineScanReading(o: CompositeObject, p: Plane, background: Float32Array, threshold: number, timesNs: readonly Ticks[]): Reading {
  const coarse = coarseReading(o, timesNs, 'left-to-right');
  if (o.firstColumn === 0) return coarse;
  const edge = lineScanEdge(o, p, background, threshold);
  if (!edge || edge.column < o.firstColumn - 1.5 || edge.column > o.lastColumn) return coarse;
  const milli = clampMilliColumn(timesNs, Math.round(edge.column * MILLI));
  const interval = ticksToSeconds(intervalAtColumn(timesNs, edge.column));
  return {
    ...coarse,
    time: timeAtMilliColumn(timesNs, milli),
    sigmaS: edge.sharp ? edge.sigmaColumns * interval : interval,
    calibrated: edge.sharp,
    rows: edge.rows,
    flags: edge.sharp ? coarse.flags.filter((f) => f !== 'no-sub-frame') : coarse.flags,
    quality: edge.sharp ? Math.max(0, 1 - edge.sigmaColumns) : 0.2,
  };
}
