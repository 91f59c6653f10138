/**
 * The leading point of a fitted outline: one stray row at the end of a run of rows (a shadow read as the body on a
 * frame's edge row) must not become the tip.
 */
import { describe, expect, it } from 'vitest';
import { leadingPoint } from '../../../../app/domain/detection/leading-point.js';

/** A rounded nose over rows `top`..`top + width - 1`, its tip at offset 0, set back `round` px at its sides. */
const nose = (top: number, width: number, round: number) =>
  Array.from({ length: width }, (_, k) => {
    const u = (k + 0.5 - width / 2) / (width / 2);
    return { a: top + k, o: -round * u * u, points: 10 };
  });

describe('leadingPoint', () => {
  it('finds a rounded nose tip between rows', () => {
    expect(leadingPoint(nose(100, 25, 4), 0.2).o).toBeCloseTo(0, 1);
  });

  // Before: the tip was read 4 px ahead of the frame's front, half a frame early on the cyclists' footage.
  it('ignores one row at the end of a run standing 9 px ahead of the rows beside it', () => {
    const head = nose(100, 25, 4).map((r) => ({ ...r, o: r.o - 6 }));
    const frame = Array.from({ length: 8 }, (_, k) => ({ a: 127 + k, o: -5, points: 10 }));
    const tip = leadingPoint([...head, ...frame, { a: 135, o: 4, points: 3 }], 0.2);
    expect(tip.o).toBeGreaterThan(-5.5);
    expect(tip.o).toBeLessThan(-4.3);
  });
});
