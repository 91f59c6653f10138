/**
 * The noise of a body's rows in the frames (road-noise.ts), which a fit reading a body the colour of the road again
 * uses for its threshold: the road's own noise, not raised by the competitors passing through the frames it is
 * measured on (they cover a minority of each row's pixels).
 */
import { describe, expect, it } from 'vitest';
import type { FrameAt, RgbImage } from '../../../../app/domain/detection/front-fit.js';
import { lineGeometry } from '../../../../app/domain/detection/line-crossing.js';
import { noiseOfRows } from '../../../../app/domain/detection/road-noise.js';

const W = 80;
const H = 20;
const ROAD = [90, 92, 96];

/** Deterministic noise in [-amp, amp]. */
function noise(seed: number, amp: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (2 * (s / 2147483648) - 1) * amp;
  };
}

function image(fill: (x: number, y: number, ch: number) => number): RgbImage {
  const data = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) for (let ch = 0; ch < 3; ch++) data[(y * W + x) * 3 + ch] = fill(x, y, ch);
  return { width: W, height: H, data };
}

describe('noise of a body’s rows in the frames', () => {
  it('is the road’s own noise, though a bright car covers a third of the band in some frames', () => {
    const background = image((_x, _y, ch) => ROAD[ch] as number);
    const frames: FrameAt[] = Array.from({ length: 25 }, (_, f) => {
      const n = noise(f + 1, 4);
      // Frames 5–14: a white car over x 20–46 on every row.
      const car = f >= 5 && f < 15;
      return { t: f, gain: 1, image: image((x, _y, ch) => (car && x >= 20 && x < 46 ? 238 : (ROAD[ch] as number) + n())) };
    });
    const geometry = lineGeometry({ kind: 'column', x: 40 });
    const measured = noiseOfRows(frames, background, geometry, [4, 15], 30) as number;
    // Uniform noise of ±4 per channel: a colour distance of about 4 (the car's would be over 200).
    expect(measured).toBeGreaterThan(2.5);
    expect(measured).toBeLessThan(5);
  });
});
