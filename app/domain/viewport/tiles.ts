/**
 * Which composite tiles to draw. The build writes vertical strips at `tiles/<level>/<index>.png`: level 0 is full
 * resolution, each level halves both axes, each tile is `tileWidth` tile pixels wide (the last may be narrower).
 * The viewer draws only the tiles in view, from the coarsest level that still has a tile pixel per screen pixel.
 */
import { screenXToColumn, type Viewport } from './viewport.js';

export interface TileLevelInfo {
  level: number;
  /** Composite columns (and rows) per tile pixel. */
  downsample: number;
  /** Width of this level in tile pixels. */
  columns: number;
  rows: number;
  tiles: number;
}

export interface TileRef {
  level: number;
  index: number;
  /** First composite column this tile covers, and how many (a composite-column span, in level-0 units). */
  firstColumn: number;
  spanColumns: number;
  /** Tile image size in pixels. */
  width: number;
  height: number;
}

/**
 * The coarsest level whose downsample does not exceed the screen's columns per pixel (× device pixel ratio), so
 * the picture never loses detail the screen could show.
 */
export function chooseLevel(levels: readonly TileLevelInfo[], scale: number, devicePixelRatio = 1): TileLevelInfo {
  if (levels.length === 0) throw new RangeError('no tile levels');
  const columnsPerDevicePixel = 1 / (scale * devicePixelRatio);
  const finest = levels.reduce((a, b) => (b.downsample < a.downsample ? b : a));
  const fitting = levels.filter((l) => l.downsample <= columnsPerDevicePixel);
  if (fitting.length === 0) return finest;
  return fitting.reduce((a, b) => (b.downsample > a.downsample ? b : a));
}

/** Tile i of a level. */
export function tileRef(level: TileLevelInfo, tileWidth: number, index: number, compositeColumns: number): TileRef {
  const firstPx = index * tileWidth;
  const width = Math.max(0, Math.min(tileWidth, level.columns - firstPx));
  const firstColumn = firstPx * level.downsample;
  const spanColumns = Math.min(width * level.downsample, compositeColumns - firstColumn);
  return { level: level.level, index, firstColumn, spanColumns, width, height: level.rows };
}

/** The tiles of `level` with any part inside the viewport, in screen order of their index. */
export function visibleTiles(vp: Viewport, level: TileLevelInfo, tileWidth: number): TileRef[] {
  const a = screenXToColumn(vp, 0) + 0.5;
  const b = screenXToColumn(vp, vp.width) + 0.5;
  const lo = Math.max(0, Math.min(a, b));
  const hi = Math.min(vp.columns, Math.max(a, b));
  if (hi <= lo) return [];
  const span = tileWidth * level.downsample;
  const first = Math.max(0, Math.floor(lo / span));
  const last = Math.min(level.tiles - 1, Math.floor((hi - 1e-9) / span));
  const out: TileRef[] = [];
  for (let i = first; i <= last; i++) out.push(tileRef(level, tileWidth, i, vp.columns));
  return out;
}

/** Screen rectangle (x, width; width may be negative-free) where a tile's columns land. */
export function tileScreenSpan(vp: Viewport, tile: TileRef): { x: number; width: number } {
  // Tile pixel edges in composite x: [firstColumn, firstColumn + spanColumns).
  const x0 = tile.firstColumn;
  const x1 = tile.firstColumn + tile.spanColumns;
  const d0 = vp.direction === 'ltr' ? x0 : vp.columns - x1;
  return { x: (d0 - vp.left) * vp.scale, width: tile.spanColumns * vp.scale };
}
