/**
 * What part of the composite a result sheet prints and where every hairline, ruler tick and dropped-frame gap
 * lands on it. Pure geometry in printed points, shared by the PDF (points) and the annotated PNG (pixels, with one
 * pixel per column).
 *
 * The crop spans the finishers with a margin either side. Printed, each composite column gets at least one point:
 * when the crop is wider than the page, it is cut into bands stacked down the page, each at full resolution; only
 * a crop too long even for `maxBands` bands is scaled below a point per column, and the plan says so.
 * Column c (fractional) stands at image x = c + 0.5 columns from the crop's first column (pixel centres).
 */
import type { RaceView } from '../../api/types.js';
import { divCeil, type Ticks } from '../../domain/time/ticks.js';
import type { ColumnTimes } from '../../domain/time/column-time.js';
import { hairlineTag, ordinal } from '../../domain/closeup/close-finishes.js';
import { gapAfterColumn } from '../../domain/race/gap-place.js';
import { ticksFixed } from '../gaps-text.js';
import { zeroOfInfo } from '../../domain/start/race-clock.js';
import { footagePosition } from '../../domain/start/start-record.js';

// The screen's palette: sheet and screen draw every hairline in the same colour (issue 22 item 7).
export { HAIRLINE_PALETTE } from '../../domain/race/hairline-colours.js';
import { HAIRLINE_PALETTE } from '../../domain/race/hairline-colours.js';

export interface Band {
  index: number;
  /** Composite columns [start, end). */
  start: number;
  end: number;
  /** Printed width in the plan's units. */
  width: number;
}

export interface Hairline {
  competitorId: string;
  place: number | null;
  /**
   * What the label says, fullest first: place, number and published time ("1st #7  10.12", or the distance,
   * "2nd #4  short head", where only the winner is timed), then place and number, then the place ("1st", "1"); a typed
   * time adds " T". A crowded image uses the fullest that fits.
   */
  labels: string[];
  /** The fullest label. */
  label: string;
  colour: string;
  column: number;
  band: number;
  /** From the band's left edge. */
  x: number;
  typed: boolean;
}

export interface GapMark {
  band: number;
  x: number;
  text: string;
}

export interface Tick {
  band: number;
  x: number;
  /** Label for major ticks, null for minor ones. */
  label: string | null;
}

export interface ImagePlan {
  start: number;
  end: number;
  rtl: boolean;
  /** Printed units per composite column (≥ 1 unless `reduced`). */
  unitsPerColumn: number;
  reduced: boolean;
  bands: Band[];
  hairlines: Hairline[];
  gaps: GapMark[];
  ticks: Tick[];
  /** Marks that cannot be drawn (a typed time outside the image). */
  offImage: string[];
}

export interface PlanOptions {
  /** Printable width of one band. */
  width: number;
  maxBands: number;
  /** Minimum distance between labelled ruler ticks. */
  tickSpacing: number;
  minColumns?: number;
  /** Print exactly these columns [start, end) instead of the crop around the finishers (an enlargement). */
  crop?: { start: number; end: number };
  /** A fixed scale (the annotated PNG: whole pixels per column, one band); `width` is then ignored. */
  unitsPerColumn?: (columns: number) => number;
}

export function planImage(view: RaceView, times: ColumnTimes, opts: PlanOptions): ImagePlan {
  const total = times.columns;
  const colOf = new Map<string, number>();
  const offImage: string[] = [];
  // Race times run from time zero; the image's columns carry footage times.
  const zero = zeroOfInfo(view.results.start);
  for (const m of view.marks) {
    const c = times.columnOfMark(footagePosition(m, zero));
    if (c === null) offImage.push(m.competitorId);
    else colOf.set(m.competitorId, c);
  }
  const { start, end } = opts.crop ?? cropAround([...colOf.values()], total, opts.minColumns ?? 120);
  const columns = end - start;

  let perBand = columns;
  let reduced = false;
  let unitsPerColumn: number;
  if (opts.unitsPerColumn) {
    unitsPerColumn = opts.unitsPerColumn(columns);
  } else {
    if (columns > opts.width) {
      const n = Math.ceil(columns / opts.width);
      perBand = Math.ceil(columns / Math.min(n, opts.maxBands));
      reduced = n > opts.maxBands;
    }
    unitsPerColumn = opts.width / perBand;
  }
  const bands: Band[] = [];
  for (let s = start, i = 0; s < end; s += perBand, i++) {
    const e = Math.min(end, s + perBand);
    bands.push({ index: i, start: s, end: e, width: (e - s) * unitsPerColumn });
  }
  const rtl = view.direction === 'rtl';
  const xIn = (b: Band, c: number): number => {
    const u = (c + 0.5 - b.start) * unitsPerColumn;
    return rtl ? b.width - u : u;
  };
  const place = (c: number): { band: number; x: number } => {
    const b = bands.find((bd) => c + 0.5 < bd.end) ?? (bands[bands.length - 1] as Band);
    return { band: b.index, x: xIn(b, c) };
  };

  const byId = new Map(view.results.finishers.map((f) => [f.competitor, f]));
  const statusOf = new Map(view.results.others.map((o) => [o.competitor, o.status === 'unmarked' ? '' : o.status]));
  const order = new Map(view.competitors.map((c, i) => [c.id, i]));
  const hairlines: Hairline[] = [];
  for (const m of view.marks) {
    const c = colOf.get(m.competitorId);
    if (c === undefined || c + 0.5 < start || c + 0.5 > end) continue;
    const r = byId.get(m.competitorId);
    const comp = view.competitors.find((x) => x.id === m.competitorId);
    const idx = order.get(m.competitorId) ?? hairlines.length;
    // Horse racing publishes only the winner's time: the others' hairlines carry their distance instead.
    // A disqualified competitor's hairline stays for the record, marked as such.
    const reading = r?.time_display || r?.lengths_display || (statusOf.get(m.competitorId) ?? '');
    const labels = hairlineLabels(r?.place ?? null, m.competitorId, reading, m.origin === 'typed');
    hairlines.push({
      competitorId: m.competitorId,
      place: r?.place ?? null,
      labels,
      label: labels[0] as string,
      colour: comp?.colour ?? (HAIRLINE_PALETTE[idx % HAIRLINE_PALETTE.length] as string),
      column: c,
      // Keyed in, not read from the image: a typed or hand time (a hand time prints with its "h").
      typed: m.origin === 'typed' || m.origin === 'hand',
      ...place(c),
    });
  }

  const gaps: GapMark[] = [];
  for (const g of view.evidence.gaps) {
    // Only gaps between two printed columns are drawn; one before the first or after the last is in the notes.
    const after = gapAfterColumn(g, times.times[0] as Ticks);
    if (after < start || after + 1 >= end) continue;
    const missing = BigInt(g.toNs) - BigInt(g.fromNs);
    gaps.push({ ...place(after + 0.5), text: `gap ${ticksFixed(missing * 1000n, 1)} ms` });
  }

  return { start, end, rtl, unitsPerColumn, reduced, bands, hairlines, gaps, ticks: rulerTicks(view, times, bands, xIn, opts.tickSpacing, zero), offImage };
}

/** Fullest first; horse racing publishes only the winner's time, so the others' hairlines carry their distance. */
function hairlineLabels(place: number | null, id: string, reading: string, typed: boolean): string[] {
  const tag = hairlineTag(place, id);
  const texts = [reading ? `${tag}  ${reading}` : tag, tag];
  if (place !== null) texts.push(ordinal(place), String(place));
  return [...new Set(texts)].map((t) => (typed ? `${t} T` : t));
}

function cropAround(cols: number[], total: number, minColumns: number): { start: number; end: number } {
  if (cols.length === 0) return { start: 0, end: total };
  const lo = Math.min(...cols);
  const hi = Math.max(...cols);
  // Context either side of the finishers, but never so much that a long finish loses resolution to it.
  const pad = Math.max(25, Math.min((hi - lo) * 0.15, 100));
  let start = Math.floor(lo - pad);
  let end = Math.ceil(hi + pad) + 1;
  const want = Math.min(minColumns, total);
  if (end - start < want) {
    const extra = want - (end - start);
    start -= Math.floor(extra / 2);
    end += Math.ceil(extra / 2);
  }
  if (start < 0) {
    end -= start;
    start = 0;
  }
  if (end > total) {
    start = Math.max(0, start - (end - total));
    end = total;
  }
  return { start, end };
}

const STEPS_NS: bigint[] = [];
// Up to 5 × 10^17 ns (about 16 years): absolute camera clocks give spans that long between two columns.
for (let p = 10n ** 4n; p <= 10n ** 17n; p *= 10n) STEPS_NS.push(p, p * 2n, p * 5n);

/** Ruler ticks on round race times (1-2-5 steps), labelled at least `spacing` apart; none inside a dropped-frame gap. */
function rulerTicks(
  view: RaceView,
  times: ColumnTimes,
  bands: Band[],
  xIn: (b: Band, c: number) => number,
  spacing: number,
  zero: Ticks,
): Tick[] {
  const ticks: Tick[] = [];
  const gapSpans = view.evidence.gaps.map((g) => [BigInt(g.fromNs), BigInt(g.toNs)] as const);
  for (const b of bands) {
    const t0 = (times.times[b.start] as Ticks) - zero;
    const t1 = (times.times[b.end - 1] as Ticks) - zero;
    if (t1 <= t0 || b.width <= 0) continue;
    const nsPerUnit = Number(t1 - t0) / b.width;
    const major = STEPS_NS.find((s) => Number(s) / nsPerUnit >= spacing) ?? (STEPS_NS[STEPS_NS.length - 1] as bigint);
    const minorCandidates = [major / 10n, major / 5n, major / 2n].filter((s) => s > 0n && major % s === 0n);
    const minor = minorCandidates.find((s) => Number(s) / nsPerUnit >= 5) ?? major;
    const decimals = Math.max(0, 10 - major.toString().length);
    const first = divCeil(t0, minor) * minor;
    for (let t = first; t <= t1; t += minor) {
      // Gaps are on the footage clock, the ruler on the race clock (footage time − zero).
      const gap = gapSpans.find(([a, z]) => t + zero > a && t + zero < z);
      // Step over a gap in one go: a long one (hours between two columns) would otherwise be walked tick by tick.
      if (gap) {
        t = divCeil(gap[1] - zero, minor) * minor - minor;
        continue;
      }
      const c = times.columnAtTime(t + zero);
      if (c === null || c + 0.5 < b.start || c + 0.5 > b.end) continue;
      ticks.push({ band: b.index, x: xIn(b, c), label: t % major === 0n ? clockText(t, Math.min(decimals, 9)) : null });
    }
  }
  return ticks;
}

/** Race-clock text of a tick: "10.250" or "1:02.50" at the given decimals. */
export function clockText(t: Ticks, decimals: number): string {
  const neg = t < 0n;
  const a = neg ? -t : t;
  const minutes = a / 60_000_000_000n;
  const rest = a - minutes * 60_000_000_000n;
  const secs = ticksFixed(rest, decimals);
  if (minutes === 0n) return `${neg ? '-' : ''}${secs}`;
  const padded = secs.includes('.') ? secs.padStart(decimals + 3, '0') : secs.padStart(2, '0');
  return `${neg ? '-' : ''}${minutes}:${padded}`;
}

export interface CloseFinish {
  /** Competitor ids of the two hairlines, in time order. */
  pair: [string, string];
  /** Composite columns between them. */
  columns: number;
  crop: { start: number; end: number };
}

/**
 * The closest two hairlines when they print less than `minApart` units apart on the main image, with a window of
 * `windowColumns` around them for an enlargement; null when every pair is already easy to tell apart.
 */
export function closestFinish(plan: ImagePlan, totalColumns: number, minApart: number, windowColumns: number): CloseFinish | null {
  const lines = [...plan.hairlines].sort((a, b) => a.column - b.column);
  let best: CloseFinish | null = null;
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1] as Hairline;
    const b = lines[i] as Hairline;
    const apart = b.column - a.column;
    if (apart * plan.unitsPerColumn >= minApart || (best && apart >= best.columns)) continue;
    const width = Math.min(windowColumns, totalColumns);
    const centre = (a.column + b.column) / 2 + 0.5;
    let start = Math.round(centre - width / 2);
    start = Math.max(0, Math.min(start, totalColumns - width));
    best = { pair: [a.competitorId, b.competitorId], columns: apart, crop: { start, end: start + width } };
  }
  return best;
}
