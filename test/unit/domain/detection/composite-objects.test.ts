/**
 * Objects in a composite: found per row against its own background, immune to whole-column exposure jumps; a black
 * body over a chequered line, seen on its white squares only, is one object.
 */
import { describe, expect, it } from 'vitest';
import { findCompositeObjects, type Plane } from '../../../../app/domain/detection/composite-objects.js';
import { createRandom } from '../../../../app/demo/prng.js';

/** A composite with striped background rows, per-column exposure gains, noise, and painted rectangles. */
function composite(columns: number, rows: number, gains: (c: number) => number, objects: { c0: number; c1: number; r0: number; r1: number; rgb: number[] }[]): Plane {
  const rnd = createRandom(9);
  const rowColour = Array.from({ length: rows }, (_, r) => (Math.floor(r / 6) % 2 ? [200, 200, 196] : [40, 42, 46]));
  const data = new Float32Array(columns * rows * 3);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const o = objects.find((ob) => c >= ob.c0 && c <= ob.c1 && r >= ob.r0 && r <= ob.r1);
      const base = o ? o.rgb : (rowColour[r] as number[]);
      for (let k = 0; k < 3; k++) data[(r * columns + c) * 3 + k] = Math.min(255, (base[k] as number) * gains(c) + (rnd() - 0.5) * 6);
    }
  }
  return { width: columns, height: rows, data };
}

/** A chequered line's composite: 3 rows white, 3 rows black, with black bodies painted over it and a little noise. */
function chequered(columns: number, rows: number, bodies: { c0: number; c1: number; r0: number; r1: number }[]): Plane {
  const rnd = createRandom(4);
  const data = new Float32Array(columns * rows * 3);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const on = bodies.some((b) => c >= b.c0 && c <= b.c1 && r >= b.r0 && r <= b.r1);
      const v = on ? 20 : Math.floor(r / 3) % 2 ? 25 : 235;
      for (let k = 0; k < 3; k++) data[(r * columns + c) * 3 + k] = v + (rnd() - 0.5) * 4;
    }
  }
  return { width: columns, height: rows, data };
}

describe('findCompositeObjects', () => {
  // Before: at 150 frames/s the tuning set's black car kept 4 of its 27 rows (the 3-row bands on the white squares
  // were each too short to count), and was read 2.4 px late at 7σ.
  it('finds a black body over a chequered line as one object over all its rows, though it shows in 3-row bands', () => {
    const { objects } = findCompositeObjects(chequered(60, 180, [{ c0: 21, c1: 26, r0: 24, r1: 50 }]));
    expect(objects).toHaveLength(1);
    expect(objects[0]!.top).toBeLessThanOrEqual(25);
    expect(objects[0]!.bottom).toBeGreaterThanOrEqual(49);
    expect(objects[0]!.firstColumn).toBe(21);
  });

  it('leaves such bands apart where they are on the line from the first column: nothing crosses there', () => {
    const { objects } = findCompositeObjects(chequered(60, 180, [{ c0: 0, c1: 5, r0: 24, r1: 50 }]));
    expect(objects.every((o) => o.bottom - o.top < 10)).toBe(true);
  });

  it('reports exposure jumps as nothing, and real objects with their first column and rows', () => {
    // Auto-exposure: the whole image darkens to 55 % for a stretch and brightens 10 % for another.
    const gains = (c: number) => (c >= 40 && c < 70 ? 0.55 : c >= 120 && c < 130 ? 1.1 : 1);
    const plane = composite(200, 120, gains, [
      { c0: 50, c1: 80, r0: 10, r1: 40, rgb: [210, 40, 40] },
      { c0: 51, c1: 90, r0: 60, r1: 95, rgb: [40, 80, 210] },
    ]);
    const { objects } = findCompositeObjects(plane);
    expect(objects.map((o) => [o.firstColumn, o.top, o.bottom])).toEqual([
      [50, 10, 40],
      [51, 60, 95],
    ]);
  });

  it('splits two competitors whose regions touch but whose leading edges differ', () => {
    const plane = composite(200, 120, () => 1, [
      { c0: 60, c1: 100, r0: 20, r1: 50, rgb: [210, 40, 40] },
      { c0: 75, c1: 115, r0: 51, r1: 85, rgb: [40, 80, 210] },
    ]);
    const { objects } = findCompositeObjects(plane);
    expect(objects.map((o) => [o.firstColumn, o.top, o.bottom])).toEqual([
      [60, 20, 50],
      [75, 51, 85],
    ]);
  });
});
