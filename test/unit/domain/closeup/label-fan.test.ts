import { describe, expect, it } from 'vitest';
import { fanOut } from '../../../../app/domain/closeup/label-fan.js';

describe('fanned-out labels', () => {
  it('keeps a label over its hairline where there is room', () => {
    expect(fanOut([{ x: 50, width: 10 }, { x: 200, width: 20 }], 0, 300, 2)).toEqual([45, 190]);
  });

  it('spreads a tight bunch evenly around it, in order, without overlap', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ x: 150 + i * 0.5, width: 12 }));
    const lefts = fanOut(items, 0, 300, 2)!;
    for (let i = 1; i < lefts.length; i++) expect(lefts[i]! - lefts[i - 1]!).toBeCloseTo(14, 9);
    // Centred on the bunch: the mean wish is kept.
    const centre = (lefts[0]! + lefts[9]! + 12) / 2;
    expect(centre).toBeCloseTo(152.25, 9);
  });

  it('stays inside the room at its edges, and says when the texts cannot share one row', () => {
    const lefts = fanOut(Array.from({ length: 5 }, (_, i) => ({ x: 1 + i, width: 10 })), 0, 100, 2)!;
    expect(lefts[0]).toBe(0);
    expect(lefts[4]).toBe(48);
    expect(fanOut(Array.from({ length: 10 }, (_, i) => ({ x: i, width: 10 })), 0, 100, 2)).toBeNull();
  });
});
