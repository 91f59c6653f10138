/**
 * The enlargement of a close finish, in true proportions: which composite pixels it shows, how large, where each
 * hairline and each label goes. One plan for every face (the printed sheet in points, the posted photo and the
 * workspace's Close-up in pixels), so what the judge sees is what gets printed.
 *
 * The crop depends only on the race, never on the room it is drawn in: rows cut to the bodies of the competitors
 * (with a margin), columns from a little before the first nose to the end of the bodies (at most a few times as
 * long as the crop is tall: the noses decide, not the tails). Both axes get the same scale, one column as wide as
 * one row is tall. Only where the time axis has far fewer columns than the crop has rows (a slow camera: a car
 * crosses in a dozen frames but spans hundreds of rows) is each column repeated a whole number of times across,
 * about as many as it takes to make the crop as wide as it is tall, so the bodies are recognisable; the caption
 * says so. Pixels are enlarged whole (nearest neighbour), never resampled.
 */
import type { BodyExtent } from '../detection/body-extent.js';
import { layoutLanes, type LaneItem, type LaneLayout, type PlacedLaneItem } from './label-lanes.js';

export interface CloseupSubject {
  /** Hairline column (fractional). */
  column: number;
  body: BodyExtent | null;
}

export interface CloseupCrop {
  /** Composite columns [start, end) and rows [top, bottom). */
  start: number;
  end: number;
  top: number;
  bottom: number;
  /** How many times wider than a row is tall each column is drawn: 1, or more where columns are far fewer than rows. */
  columnRepeat: number;
}

/** Crops with fewer columns than rows / this get their columns repeated across. */
const FEW_COLUMNS = 4;
/** The most times a column is repeated across. */
const MAX_COLUMN_REPEAT = 16;
/** Widest crop, as a multiple of its height (after the column repeat). */
const MAX_LANDSCAPE = 3;
/** Columns shown when nothing tells where the bodies end. */
const DEFAULT_TAIL = 40;

export function closeupCrop(subjects: readonly CloseupSubject[], composite: { columns: number; rows: number }): CloseupCrop {
  const cols = subjects.map((s) => s.column);
  const lo = Math.min(...cols);
  const hi = Math.max(...cols);
  const bodies = subjects.map((s) => s.body).filter((b): b is BodyExtent => b !== null);

  let top = 0;
  let bottom = composite.rows;
  if (bodies.length > 0) {
    const t = Math.min(...bodies.map((b) => b.top));
    const b = Math.max(...bodies.map((x) => x.bottom)) + 1;
    const margin = Math.max(4, Math.round((b - t) * 0.12));
    top = Math.max(0, t - margin);
    bottom = Math.min(composite.rows, b + margin);
  }
  const rows = bottom - top;

  const tail = bodies.length > 0 ? Math.max(hi + 1, ...bodies.map((b) => b.last + 1)) : hi + DEFAULT_TAIL;
  const before = Math.max(4, Math.ceil((tail - lo) * 0.12), Math.ceil((hi - lo) * 0.5));
  let start = Math.floor(lo - before);
  let end = Math.ceil(tail + Math.max(2, before / 3));
  const columnRepeat = (end - start) * FEW_COLUMNS <= rows ? Math.min(MAX_COLUMN_REPEAT, Math.floor(rows / (end - start))) : 1;
  // Long bodies (a slow finish): keep the noses and the front of the bodies, not the tails.
  const maxColumns = Math.max(Math.ceil(hi - lo) + 2 * before, Math.floor((MAX_LANDSCAPE * rows) / columnRepeat));
  if (end - start > maxColumns) end = start + maxColumns;
  start = Math.max(0, start);
  end = Math.min(composite.columns, Math.max(end, Math.ceil(hi) + 1));
  return { start, end, top, bottom, columnRepeat };
}

/**
 * Whether two hairlines far apart still make one enlargement, drawn one column as wide as one row is tall. Not
 * where the crop that holds both is more than MAX_LANDSCAPE times as wide as it is tall (a winner many body lengths
 * ahead: at the same scale across and down the bodies would be specks, or the crop wider than any page), nor where
 * the gap between them is what makes the bodies slivers: each alone would have its columns repeated at least twice
 * as many times across as the two together (a race won by seconds on a slow camera). Either way the "enlargement"
 * would print the bodies smaller than the overview does.
 */
export function enlargesTogether(subjects: readonly CloseupSubject[], composite: { columns: number; rows: number }): boolean {
  const together = closeupCrop(subjects, composite);
  const wide = (together.end - together.start) * together.columnRepeat > MAX_LANDSCAPE * (together.bottom - together.top);
  const alone = Math.min(...subjects.map((s) => closeupCrop([s], composite).columnRepeat));
  return !wide && alone < 2 * together.columnRepeat;
}

export interface CloseupBox {
  width: number;
  height: number;
  /** Pixel faces: every composite pixel becomes a whole number of units (at least one). */
  wholeUnits?: boolean;
  /** Largest units per row (a tiny crop is not blown up beyond this). */
  maxUnitsPerRow?: number;
}

export interface CloseupScale {
  unitsPerRow: number;
  unitsPerColumn: number;
  width: number;
  height: number;
}

export function fitCloseup(crop: CloseupCrop, box: CloseupBox): CloseupScale {
  const cols = crop.end - crop.start;
  const rows = crop.bottom - crop.top;
  let p = Math.min(box.height / rows, box.width / (cols * crop.columnRepeat), box.maxUnitsPerRow ?? Infinity);
  if (box.wholeUnits) p = Math.max(1, Math.floor(p));
  return { unitsPerRow: p, unitsPerColumn: p * crop.columnRepeat, width: cols * p * crop.columnRepeat, height: rows * p };
}

/** Where column `c` (fractional) stands, from the image's left edge: pixel centres at c + 0.5, mirrored right to left. */
export function closeupX(crop: CloseupCrop, scale: CloseupScale, column: number, rtl: boolean): number {
  const u = (column + 0.5 - crop.start) * scale.unitsPerColumn;
  return rtl ? scale.width - u : u;
}

export interface CloseupLabelWidths {
  /** Width of each hairline's tag ("1st #5"), in the subjects' order (finishing order). */
  tags: readonly number[];
  /** Width of the margin text between subject i and i + 1. */
  margins: readonly number[];
}

/**
 * Tags above the image, each beside its hairline and away from its neighbour; margins below, between their two
 * hairlines (beside them when the hairlines are too close for the text). Either spills to the other side when
 * its own holds more than `maxRows` rows. `slack` is the room either side of the image labels may use.
 */
export interface CloseupLabels {
  tags: PlacedLaneItem[];
  /** Between subject i and i + 1; null where there is no margin text. */
  margins: (PlacedLaneItem | null)[];
  rows: LaneLayout['rows'];
}

export function closeupLabels(xs: readonly number[], widths: CloseupLabelWidths, imageWidth: number, gap: number, slack = 0, maxRows = 3): CloseupLabels {
  const items: LaneItem[] = xs.map((x, i) => ({ kind: 'flag', x, width: widths.tags[i] ?? 0, side: 'above' }));
  const marginItem: number[] = [];
  for (let i = 0; i + 1 < xs.length; i++) {
    const w = widths.margins[i] ?? 0;
    marginItem.push(w > 0 ? items.length : -1);
    if (w > 0) items.push({ kind: 'span', x: xs[i] as number, x2: xs[i + 1] as number, width: w, side: 'below' });
  }
  const layout = layoutLanes(items, { minX: -slack, maxX: imageWidth + slack, gap, maxRows });
  return {
    tags: layout.placed.slice(0, xs.length),
    margins: marginItem.map((k) => (k < 0 ? null : (layout.placed[k] as PlacedLaneItem))),
    rows: layout.rows,
  };
}
