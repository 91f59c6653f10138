import { describe, expect, it } from 'vitest';
import {
  MAX_SCALE,
  centreOn,
  clampViewport,
  columnToScreenX,
  fitViewport,
  panBy,
  screenXToColumn,
  screenXToMilliColumn,
  visibleColumns,
  withDirection,
  zoomAbout,
  type Direction,
  type Viewport,
} from '../../../../app/domain/viewport/viewport.js';

const ZOOMS = [1 / 64, 0.1, 0.5, 1, 2, 4, 16, 32];
const DIRS: Direction[] = ['ltr', 'rtl'];

function vpAt(scale: number, direction: Direction, columns = 100_000, width = 1200): Viewport {
  return clampViewport({ columns, width, scale, left: columns / 3, direction });
}

describe('screen x ↔ composite column', () => {
  for (const direction of DIRS) {
    for (const scale of ZOOMS) {
      it(`round-trips at ${scale} px/column, ${direction}`, () => {
        const vp = vpAt(scale, direction);
        for (const x of [0, 0.5, 17.25, 600, 1199]) {
          expect(columnToScreenX(vp, screenXToColumn(vp, x))).toBeCloseTo(x, 6);
        }
        const c = screenXToColumn(vp, 600);
        // One column further along the race moves by `scale` pixels, to the right in ltr and to the left in rtl.
        const dx = columnToScreenX(vp, c + 1) - columnToScreenX(vp, c);
        expect(dx).toBeCloseTo(direction === 'ltr' ? scale : -scale, 9);
      });
    }
  }

  it('draws a column at its pixel centre: at 16 px/column, column 10 spans screen pixels 0–16 with its hairline at 8', () => {
    const vp: Viewport = { columns: 1000, width: 800, scale: 16, left: 10, direction: 'ltr' };
    expect(columnToScreenX(vp, 10)).toBe(8);
    expect(screenXToColumn(vp, 0)).toBe(9.5);
    expect(screenXToColumn(vp, 16)).toBe(10.5);
  });

  it('mirrors in rtl: the first column is at the right end of the whole-race view', () => {
    const vp = fitViewport(1000, 1000, 'rtl');
    expect(columnToScreenX(vp, 0)).toBeCloseTo(999.5, 9);
    expect(columnToScreenX(vp, 999)).toBeCloseTo(0.5, 9);
  });

  it('quantises a click to 0.1 column and clamps it into the race', () => {
    const vp: Viewport = { columns: 1000, width: 800, scale: 16, left: 10, direction: 'ltr' };
    // screen 8 = column 10.0; 9.6 px further = 0.6 column
    expect(screenXToMilliColumn(vp, 8)).toBe(10_000);
    expect(screenXToMilliColumn(vp, 8 + 9.6)).toBe(10_600);
    expect(screenXToMilliColumn(vp, 8 + 9.5)).toBe(10_600); // 0.59375 → 0.6
    expect(screenXToMilliColumn({ ...vp, left: -100 }, 0)).toBe(0);
    expect(screenXToMilliColumn({ ...vp, left: 990 }, 799)).toBe(999_000);
  });
});

describe('zoom and pan', () => {
  for (const direction of DIRS) {
    it(`zooms about the pointer from the whole race to ${MAX_SCALE} px/column (${direction})`, () => {
      let vp = fitViewport(100_000, 1200, direction);
      const pointer = 900;
      const under = screenXToColumn(vp, pointer);
      while (vp.scale < MAX_SCALE) {
        vp = zoomAbout(vp, pointer, 1.5);
        expect(screenXToColumn(vp, pointer)).toBeCloseTo(under, 5);
      }
      expect(vp.scale).toBe(MAX_SCALE);
      // and back out to the whole race, which is centred
      for (let i = 0; i < 100; i++) vp = zoomAbout(vp, pointer, 0.5);
      expect(vp.scale).toBeCloseTo(1200 / 100_000, 12);
      expect(visibleColumns(vp)).toEqual({ first: 0, last: 99_999 });
    });
  }

  it('never zooms past 32 px/column nor out past the whole race', () => {
    const vp = fitViewport(500, 1000);
    expect(zoomAbout(vp, 500, 1000).scale).toBe(MAX_SCALE);
    expect(zoomAbout(vp, 500, 0.001).scale).toBe(2);
  });

  it('pans in screen pixels and keeps at least half the view on the race', () => {
    const vp = zoomAbout(fitViewport(10_000, 1000), 0, 10); // 1 px/column, left edge at column 0
    const moved = panBy(vp, 250);
    expect(screenXToColumn(moved, 0) - screenXToColumn(vp, 0)).toBeCloseTo(250, 9);
    const far = panBy(vp, 1e9);
    expect(visibleColumns(far).first).toBeLessThanOrEqual(9_999 - 499);
    const back = panBy(vp, -1e9);
    expect(visibleColumns(back).last).toBeGreaterThanOrEqual(499);
  });

  it('centres a column, and keeps it centred when the display direction flips', () => {
    const vp = centreOn(vpAt(8, 'ltr', 10_000, 1000), 4321);
    expect(screenXToColumn(vp, 500)).toBeCloseTo(4321, 9);
    const flipped = withDirection(vp, 'rtl');
    expect(screenXToColumn(flipped, 500)).toBeCloseTo(4321, 9);
    expect(columnToScreenX(flipped, 4322)).toBeLessThan(columnToScreenX(flipped, 4321));
  });
});
