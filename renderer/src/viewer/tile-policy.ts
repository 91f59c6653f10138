/**
 * Which tiles the viewer fetches, keeps and draws for a view. Only the tiles in view are drawn (Chromium draws
 * nothing on canvases wider than 65,535 px, so a race is never one canvas), at the coarsest level that keeps every
 * screen pixel's detail; their neighbours are fetched next, and the whole-race (coarsest) level is kept warm as an
 * instant fallback under them while they load.
 */
import { chooseLevel, tileScreenSpan, visibleTiles, type TileLevelInfo, type TileRef } from '../../../app/domain/viewport/tiles.js';
import type { Viewport } from '../../../app/domain/viewport/viewport.js';
import type { PlacedTile } from './scene.js';

export interface TileView {
  viewport: Viewport;
  /** Viewer width in CSS pixels, and device pixels per CSS pixel. */
  width: number;
  dpr: number;
  levels: readonly TileLevelInfo[];
  tileWidth: number;
}

export interface TilePlan {
  /** To fetch, most wanted first: the fallback level, the tiles in view, their neighbours. */
  fetch: { level: number; index: number }[];
  /** The fallback layer, drawn under `wanted` while it is incomplete. */
  coarse: TileRef[];
  /** The tiles in view at the chosen level. */
  wanted: TileRef[];
  /**
   * True when the wanted tiles would paint over the whole coarse layer. Rastering a whole screen of scaled image that
   * nobody sees made the heaviest zoom frames long tasks on a loaded machine, so it is then left out. Canvas draws
   * axis-aligned images without anti-aliasing, so adjacent tiles cover every pixel exactly; only a sliver narrower
   * than a device pixel is anti-aliased (and could let the coarse layer blend through), so then it stays.
   */
  coarseHidden: boolean;
}

/** What the policy asks of the tile cache. */
export interface DecodedTiles {
  /** The decoded tile, marked recently used; undefined while not decoded. */
  get(level: number, index: number): ImageBitmap | undefined;
  /** Whether a tile is decoded, without touching its place in the LRU order. */
  has(level: number, index: number): boolean;
  isFailed(level: number, index: number): boolean;
}

export function planTiles(view: TileView, decoded: Pick<DecodedTiles, 'has'>): TilePlan {
  const { viewport: vp, levels, tileWidth } = view;
  const level = chooseLevel(levels, vp.scale, view.dpr);
  const wanted = visibleTiles(vp, level, tileWidth);
  const coarsest = levels.reduce((a, b) => (b.downsample > a.downsample ? b : a));
  const coarse = level === coarsest ? [] : visibleTiles(vp, coarsest, tileWidth);
  // The tiles in view are contiguous: their neighbours are the one before the first and the one after the last.
  const neighbours = wanted.length === 0 ? [] : [(wanted[0] as TileRef).index - 1, (wanted[wanted.length - 1] as TileRef).index + 1]
    .filter((i) => i >= 0 && i < level.tiles)
    .map((index) => ({ level: level.level, index }));
  const coarseHidden = wanted.length > 0 && wanted.every((t) => decoded.has(t.level, t.index) && visibleSpan(view, t) >= 1 / view.dpr);
  return { fetch: [...coarse, ...wanted, ...neighbours], coarse, wanted, coarseHidden };
}

/** Screen width of the part of a tile inside the viewer (0 when it is off screen). */
function visibleSpan(view: TileView, t: TileRef): number {
  const span = tileScreenSpan(view.viewport, t);
  return Math.max(0, Math.min(span.x + span.width, view.width) - Math.max(span.x, 0));
}

export interface DrawableTiles {
  /** Bottom layer first. */
  tiles: PlacedTile[];
  /** Every wanted tile is drawn or has failed for good: the view is as complete as it will get. */
  complete: boolean;
}

/** The decoded tiles of a plan, in drawing order. A hidden coarse layer is still touched, so it stays warm. */
export function drawableTiles(plan: TilePlan, decoded: DecodedTiles): DrawableTiles {
  const tiles: PlacedTile[] = [];
  for (const tile of plan.coarse) {
    const bitmap = decoded.get(tile.level, tile.index);
    if (bitmap && !plan.coarseHidden) tiles.push({ tile, bitmap });
  }
  let complete = true;
  for (const tile of plan.wanted) {
    const bitmap = decoded.get(tile.level, tile.index);
    if (bitmap) tiles.push({ tile, bitmap });
    else if (!decoded.isFailed(tile.level, tile.index)) complete = false;
  }
  return { tiles, complete };
}
