import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../app/demo/prng.js';
import { bodiesAtHairlines } from '../../../../app/domain/detection/body-extent.js';
import type { Plane } from '../../../../app/domain/detection/composite-objects.js';

/** A composite of streaks with rectangular bodies: [firstColumn, lastColumn, top, bottom, rgb]. */
function composite(width: number, height: number, bodies: [number, number, number, number, [number, number, number]][]): Plane {
  const rnd = createRandom(3);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const base = 90 + ((y * 29) % 50);
    for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = base + Math.round(rnd() * 4);
  }
  for (const [x0, x1, y0, y1, rgb] of bodies) {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = rgb[c]!;
  }
  return { width, height, data };
}

describe('bodies behind the hairlines', () => {
  it('finds each competitor’s rows and columns from the background-subtracted composite', () => {
    const plane = composite(300, 200, [
      [100, 160, 40, 80, [220, 30, 30]],
      [101, 165, 100, 140, [240, 200, 30]],
      [230, 280, 150, 190, [30, 90, 220]],
    ]);
    const [a, b, c, none] = bodiesAtHairlines(plane, [100.3, 101.2, 230, 20]);
    expect(a).toMatchObject({ top: 40, bottom: 80, first: 100 });
    expect(a!.last).toBeGreaterThanOrEqual(158);
    expect(b).toMatchObject({ top: 100, bottom: 140, first: 101 });
    expect(c).toMatchObject({ top: 150, bottom: 190, first: 230 });
    expect(none).toBeNull();
  });
});
