import { describe, expect, it } from 'vitest';
import { chooseLevel, tileScreenSpan, visibleTiles, type TileLevelInfo } from '../../../../app/domain/viewport/tiles.js';
import { rulerTicks } from '../../../../app/domain/viewport/ruler.js';
import { fitViewport, zoomAbout, type Viewport } from '../../../../app/domain/viewport/viewport.js';

const COLUMNS = 100_000;
const TILE = 1024;
const levels: TileLevelInfo[] = [];
for (let l = 0, ds = 1; Math.ceil(COLUMNS / ds) >= 1 && l < 8; l++, ds *= 2) {
  const cols = Math.ceil(COLUMNS / ds);
  levels.push({ level: l, downsample: ds, columns: cols, rows: Math.ceil(720 / ds), tiles: Math.ceil(cols / TILE) });
}

describe('tile choice', () => {
  it('uses full resolution when zoomed in and the coarsest sufficient level when zoomed out', () => {
    expect(chooseLevel(levels, 16).level).toBe(0);
    expect(chooseLevel(levels, 1).level).toBe(0);
    expect(chooseLevel(levels, 0.5).level).toBe(1);
    expect(chooseLevel(levels, 0.3).level).toBe(1);
    expect(chooseLevel(levels, 0.25).level).toBe(2);
    expect(chooseLevel(levels, 0.25, 2).level).toBe(1);
    expect(chooseLevel(levels, 0.0001).level).toBe(7);
  });

  for (const direction of ['ltr', 'rtl'] as const) {
    it(`draws only visible tiles, which exactly cover the view without gaps (${direction})`, () => {
      let vp: Viewport = fitViewport(COLUMNS, 1280, direction);
      for (let i = 0; i < 14; i++) {
        const level = chooseLevel(levels, vp.scale);
        const tiles = visibleTiles(vp, level, TILE);
        expect(tiles.length).toBeGreaterThan(0);
        expect(tiles.length).toBeLessThanOrEqual(Math.ceil(1280 / (TILE / level.downsample) / vp.scale) + 2);
        const spans = tiles.map((t) => tileScreenSpan(vp, t)).sort((a, b) => a.x - b.x);
        expect(spans[0]!.x).toBeLessThanOrEqual(0.001);
        expect(spans[spans.length - 1]!.x + spans[spans.length - 1]!.width).toBeGreaterThanOrEqual(1279.999);
        for (let k = 1; k < spans.length; k++) expect(spans[k]!.x).toBeCloseTo(spans[k - 1]!.x + spans[k - 1]!.width, 6);
        vp = zoomAbout(vp, 700, 2);
      }
    });
  }
});

describe('time ruler', () => {
  const times: bigint[] = [];
  for (let i = 0; i < 10_000; i++) times.push(5_000_000_000n + BigInt(i) * 1_000_000n + (i >= 5000 ? 3_000_000n : 0n));

  it('labels round times, evenly spaced, at their exact columns (also past a dropped-frame gap)', () => {
    const vp = fitViewport(times.length, 1000);
    const r = rulerTicks(vp, times);
    expect(r.stepNs).toBe(2_000_000_000n);
    const majors = r.ticks.filter((t) => t.major);
    expect(majors.map((t) => t.timeNs)).toEqual([6_000_000_000n, 8_000_000_000n, 10_000_000_000n, 12_000_000_000n, 14_000_000_000n]);
    // 8 s is column 3000; after the 3 ms gap at column 5000, 12 s is column 6997.
    expect(majors[1]!.screenX).toBeCloseTo(((3000 + 0.5) / 10_000) * 1000, 6);
    expect(majors[3]!.screenX).toBeCloseTo(((6997 + 0.5) / 10_000) * 1000, 6);
  });

  it('gets finer when zoomed in, down to tenths of a millisecond at 32 px/column', () => {
    let vp = fitViewport(times.length, 1000);
    vp = zoomAbout(vp, 100, 10_000); // around column 1000, away from the gap
    const r = rulerTicks(vp, times);
    expect(r.stepNs).toBeLessThanOrEqual(5_000_000n);
    const m = r.ticks.filter((t) => t.major);
    for (let k = 1; k < m.length; k++) expect(m[k]!.screenX - m[k - 1]!.screenX).toBeGreaterThan(90);
  });
});
