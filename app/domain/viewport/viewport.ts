/**
 * The composite viewer's geometry: which composite column sits under a screen pixel, at any zoom, in either display
 * direction. Pure numbers (no DOM) so the renderer, the tests and the benchmark share one definition.
 *
 * Coordinates:
 *   - composite column `c` (fractional): column i's pixel covers [i, i + 1) in composite x; the column itself (whose
 *     time is timesNs[i]) is drawn at its pixel's centre, x = i + 0.5. A hairline at c = 3.25 stands a quarter of the
 *     way from column 3's centre to column 4's.
 *   - display x: composite x, mirrored when the race is shown right-to-left (competitors face the way they travel).
 *   - screen x: CSS pixels from the viewer's left edge. screenX = (displayX − left) × scale.
 */

export type Direction = 'ltr' | 'rtl';

export interface Viewport {
  /** Composite columns in the race. */
  readonly columns: number;
  /** Viewer width in CSS pixels. */
  readonly width: number;
  /** Screen pixels per composite column. */
  readonly scale: number;
  /** Display x at the viewer's left edge. */
  readonly left: number;
  readonly direction: Direction;
}

/** Closest zoom the viewer allows: officials need at least 16 screen pixels per column to split a column. */
export const MAX_SCALE = 32;
/** Empty display space allowed past either end of the race, as a fraction of the viewer, so the ends can be centred. */
const OVERSCROLL = 0.5;

/** Smallest scale: the whole race fits the viewer (never more than MAX_SCALE for tiny races). */
export function fitScale(columns: number, width: number): number {
  return Math.min(MAX_SCALE, width / Math.max(1, columns));
}

/** The whole race, centred. */
export function fitViewport(columns: number, width: number, direction: Direction = 'ltr'): Viewport {
  const scale = fitScale(columns, width);
  const left = (columns - width / scale) / 2;
  return { columns, width, scale, left, direction };
}

export function columnToDisplayX(vp: Pick<Viewport, 'columns' | 'direction'>, column: number): number {
  const x = column + 0.5;
  return vp.direction === 'ltr' ? x : vp.columns - x;
}

export function displayXToColumn(vp: Pick<Viewport, 'columns' | 'direction'>, displayX: number): number {
  const x = vp.direction === 'ltr' ? displayX : vp.columns - displayX;
  return x - 0.5;
}

export function columnToScreenX(vp: Viewport, column: number): number {
  return (columnToDisplayX(vp, column) - vp.left) * vp.scale;
}

/** Fractional composite column under a screen x (unclamped: may lie outside the race). */
export function screenXToColumn(vp: Viewport, screenX: number): number {
  return displayXToColumn(vp, screenX / vp.scale + vp.left);
}

/** Clamps a fractional column into the race: [0, columns − 1]. */
export function clampColumn(columns: number, column: number): number {
  return Math.min(Math.max(column, 0), Math.max(0, columns - 1));
}

/**
 * A column under the pointer as marks store it: thousandths of a column, rounded to `stepMilli` (100 = 0.1 column,
 * the nudge step) and clamped into the race.
 */
export function screenXToMilliColumn(vp: Viewport, screenX: number, stepMilli = 100): number {
  const c = clampColumn(vp.columns, screenXToColumn(vp, screenX));
  const milli = Math.round((c * 1000) / stepMilli) * stepMilli;
  return Math.min(Math.max(milli, 0), Math.max(0, vp.columns - 1) * 1000);
}

/** Keeps the view over the race: scale within [fit, MAX_SCALE], at most OVERSCROLL of empty viewer past either end. */
export function clampViewport(vp: Viewport): Viewport {
  const scale = Math.min(MAX_SCALE, Math.max(fitScale(vp.columns, vp.width), vp.scale));
  const visible = vp.width / scale;
  let left: number;
  if (visible >= vp.columns) {
    left = (vp.columns - visible) / 2;
  } else {
    const slack = visible * OVERSCROLL;
    left = Math.min(Math.max(vp.left, -slack), vp.columns - visible + slack);
  }
  return { ...vp, scale, left };
}

/** Zooms by `factor` keeping the composite point under `screenX` fixed (zoom about the pointer). */
export function zoomAbout(vp: Viewport, screenX: number, factor: number): Viewport {
  const anchor = screenX / vp.scale + vp.left;
  const scale = Math.min(MAX_SCALE, Math.max(fitScale(vp.columns, vp.width), vp.scale * factor));
  return clampViewport({ ...vp, scale, left: anchor - screenX / scale });
}

/** Sets an absolute scale, keeping the point under `screenX` fixed. */
export function zoomToScale(vp: Viewport, screenX: number, scale: number): Viewport {
  return zoomAbout(vp, screenX, scale / vp.scale);
}

/** Pans by screen pixels (positive moves the picture left, showing what lies to the right). */
export function panBy(vp: Viewport, dxScreen: number): Viewport {
  return clampViewport({ ...vp, left: vp.left + dxScreen / vp.scale });
}

/** Centres a column in the view at the current scale. */
export function centreOn(vp: Viewport, column: number): Viewport {
  return clampViewport({ ...vp, left: columnToDisplayX(vp, column) - vp.width / vp.scale / 2 });
}

/** Changes the display direction keeping the same columns in view (mirrored about the viewer's centre). */
export function withDirection(vp: Viewport, direction: Direction): Viewport {
  if (direction === vp.direction) return vp;
  const centreColumn = screenXToColumn(vp, vp.width / 2);
  return centreOn({ ...vp, direction }, centreColumn);
}

/** A new viewer width (window resized), keeping the left edge. */
export function withWidth(vp: Viewport, width: number): Viewport {
  return clampViewport({ ...vp, width });
}

/** The range of columns (inclusive, clamped) with any part visible. */
export function visibleColumns(vp: Viewport): { first: number; last: number } {
  const a = screenXToColumn(vp, 0);
  const b = screenXToColumn(vp, vp.width);
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return {
    first: Math.max(0, Math.floor(lo + 0.5)),
    last: Math.min(vp.columns - 1, Math.ceil(hi - 0.5)),
  };
}
