/**
 * Which tiles the viewer asks for and draws: the level that keeps every screen pixel's detail, the tiles in view
 * before their neighbours, the whole-race level kept warm under them and left out once it would be painted over.
 */
import { describe, expect, it } from 'vitest';
import type { TileLevelInfo } from '../../../../app/domain/viewport/tiles.js';
import { drawableTiles, planTiles, type DecodedTiles, type TileView } from '../../../../renderer/src/viewer/tile-policy.js';
import { viewport } from './scene-fixture.js';

/** 10,000 columns in 256-px tiles: level 0 (40 tiles) down to level 6 (one tile of 157 px). */
const LEVELS: TileLevelInfo[] = [0, 1, 2, 3, 4, 5, 6].map((level) => {
  const downsample = 2 ** level;
  const columns = Math.ceil(10_000 / downsample);
  return { level, downsample, columns, rows: Math.ceil(100 / downsample), tiles: Math.ceil(columns / 256) };
});

const view = (extra: Partial<TileView['viewport']> = {}, dpr = 1): TileView => ({
  viewport: viewport({ columns: 10_000, ...extra }),
  width: 800,
  dpr,
  levels: LEVELS,
  tileWidth: 256,
});

/** A cache holding `decoded` ("level/index"), recording which tiles were touched. */
function cache(decoded: string[], failed: string[] = []): DecodedTiles & { touched: string[] } {
  const touched: string[] = [];
  return {
    touched,
    has: (l, i) => decoded.includes(`${l}/${i}`),
    get: (l, i) => {
      touched.push(`${l}/${i}`);
      return decoded.includes(`${l}/${i}`) ? ({ width: 256, height: 100 } as ImageBitmap) : undefined;
    },
    isFailed: (l, i) => failed.includes(`${l}/${i}`),
  };
}

const key = (t: { level: number; index: number }) => `${t.level}/${t.index}`;

describe('tile policy', () => {
  it('fetches the whole-race level first, then the tiles in view, then their neighbours', () => {
    // 16 px/column around column 3000: 50 columns in view, inside level-0 tile 11 (columns 2816–3071).
    const plan = planTiles(view({ left: 2975 }), cache([]));
    expect(plan.wanted.map(key)).toEqual(['0/11']);
    expect(plan.coarse.map(key)).toEqual(['6/0']);
    expect(plan.fetch.map(key)).toEqual(['6/0', '0/11', '0/10', '0/12']);
    expect(plan.coarseHidden).toBe(false);
  });

  it('chooses the coarsest level with a tile pixel for every device pixel', () => {
    // Whole race in 800 px: 12.5 columns per pixel → level 3 (8 columns per tile pixel); at 2× DPR, level 2.
    expect(planTiles(view({ scale: 0.08, left: 0 }), cache([])).wanted[0]?.level).toBe(3);
    expect(planTiles(view({ scale: 0.08, left: 0 }, 2), cache([])).wanted[0]?.level).toBe(2);
  });

  it('leaves the coarse layer out (but keeps it warm) once the tiles in view are decoded', () => {
    const decoded = cache(['6/0', '0/11']);
    const plan = planTiles(view({ left: 2975 }), decoded);
    expect(plan.coarseHidden).toBe(true);
    const drawable = drawableTiles(plan, decoded);
    expect(drawable.tiles.map((t) => key(t.tile))).toEqual(['0/11']);
    expect(drawable.complete).toBe(true);
    expect(decoded.touched).toEqual(['6/0', '0/11']);
  });

  it('keeps the coarse layer under a sliver of tile narrower than a device pixel (it would blend through)', () => {
    // Tile 11 ends at column 3072; a view ending 0.02 columns into tile 12 shows a 0.32 px sliver of it.
    const plan = planTiles(view({ left: 3072.02 - 50 }), cache(['6/0', '0/11', '0/12']));
    expect(plan.wanted.map(key)).toEqual(['0/11', '0/12']);
    expect(plan.coarseHidden).toBe(false);
  });

  it('draws the coarse layer under partly loaded tiles, and counts a failed tile as done (never waited for)', () => {
    const loading = cache(['6/0']);
    const drawable = drawableTiles(planTiles(view({ left: 2975 }), loading), loading);
    expect(drawable.tiles.map((t) => key(t.tile))).toEqual(['6/0']);
    expect(drawable.complete).toBe(false);
    const failed = cache(['6/0'], ['0/11']);
    expect(drawableTiles(planTiles(view({ left: 2975 }), failed), failed).complete).toBe(true);
  });
});
