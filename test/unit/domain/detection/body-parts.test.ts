/**
 * Parts of one body seen apart across a band of rows too busy to show it (a train's cab and its coupler in a
 * hand-held slit-scan) are one object whose leading point is its earliest part's; parts with background visible
 * between them, or that are not on the line together, stay apart.
 */
import { describe, expect, it } from 'vitest';
import { findCompositeObjects, type Plane } from '../../../../app/domain/detection/composite-objects.js';
import { lineScanEdge } from '../../../../app/domain/detection/linescan-edge.js';
import { median } from '../../../../app/domain/detection/robust.js';
import { createRandom } from '../../../../app/demo/prng.js';

const W = 500;
const H = 240;
/** Rows between the cab and the coupler. */
const BAND = [110, 119] as const;

interface Paint {
  c0: number;
  c1: number;
  r0: number;
  r1: number;
  rgb: number[];
}

/**
 * A line-scan image: quiet striped rows, and where `busy` the band's background changes from column to column (a
 * lattice swept by a hand-held camera), painted over by the body wherever it covers the band.
 */
function lineScan(busy: boolean, parts: Paint[]): Plane {
  const rnd = createRandom(4);
  const data = new Float32Array(W * H * 3);
  for (let c = 0; c < W; c++) {
    const lattice = Math.floor(rnd() * 256);
    for (let r = 0; r < H; r++) {
      const inBand = r >= BAND[0] && r <= BAND[1];
      const bg = busy && inBand ? [lattice, lattice, lattice] : Math.floor(r / 8) % 2 ? [190, 186, 176] : [70, 66, 60];
      const o = parts.find((p) => c >= p.c0 && c <= p.c1 && r >= p.r0 && r <= p.r1);
      for (let k = 0; k < 3; k++) data[(r * W + c) * 3 + k] = Math.max(0, Math.min(255, ((o ? o.rgb : bg)[k] as number) + (rnd() - 0.5) * 4));
    }
  }
  return { width: W, height: H, data };
}

const cab = (c0: number): Paint => ({ c0, c1: W - 1, r0: 40, r1: BAND[1], rgb: [40, 110, 220] });
const coupler = (c0: number, c1 = W - 1): Paint => ({ c0, c1, r0: BAND[1] + 1, r1: 140, rgb: [25, 25, 28] });

describe('joinBodyParts (through findCompositeObjects)', () => {
  it('takes a cab and its coupler seen apart across busy rows for one body, led by the coupler', () => {
    const plane = lineScan(true, [cab(300), coupler(280)]);
    const { objects, model } = findCompositeObjects(plane);
    expect(objects.map((o) => [o.firstColumn, o.top, o.bottom])).toEqual([[280, 40, 140]]);
    expect(objects[0]!.parts).toHaveLength(2);
    const edge = lineScanEdge(objects[0]!, plane, model.background, Math.max(12, 0.8 * median(Array.from(model.threshold))));
    expect(Math.abs(edge!.column - 280)).toBeLessThan(1);
    expect(edge!.rows[0]).toBeGreaterThan(BAND[1]);
  });

  it('keeps parts apart where the rows between them show the background', () => {
    // The same shapes, but the band is quiet and shows no body: the gap is seen empty.
    const plane = lineScan(false, [{ ...cab(300), r1: BAND[0] - 1 }, coupler(280)]);
    const { objects } = findCompositeObjects(plane);
    expect(objects.map((o) => [o.firstColumn, o.top, o.bottom])).toEqual([
      [280, BAND[1] + 1, 140],
      [300, 40, BAND[0] - 1],
    ]);
  });

  it('keeps two competitors in neighbouring lanes apart where the busy rows between them show the empty line', () => {
    // As in the first case, but nothing covers the band: its lattice keeps changing between the two.
    const plane = lineScan(true, [{ ...cab(300), r1: BAND[0] - 1 }, coupler(280)]);
    const { objects } = findCompositeObjects(plane);
    expect(objects.map((o) => [o.firstColumn, o.top, o.bottom])).toEqual([
      [280, BAND[1] + 1, 140],
      [300, 40, BAND[0] - 1],
    ]);
  });

  it('keeps parts apart that are not on the line together', () => {
    const plane = lineScan(true, [cab(300), coupler(60, 120)]);
    const { objects } = findCompositeObjects(plane);
    expect(objects.map((o) => [o.firstColumn, o.lastColumn])).toEqual([
      [60, 120],
      [300, W - 1],
    ]);
  });
});
