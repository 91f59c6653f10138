/**
 * Light or body: a region of the composite that only changes how brightly a patterned background is lit (a shadow,
 * the sun coming out) scores high; a body's own paint over the same background scores 0; over a plain background
 * nothing tells them apart and the score stays low (a dark car over plain asphalt is not taken for a shadow).
 */
import { describe, expect, it } from 'vitest';
import { leavesWithSceneLight, lightingScore } from '../../../../app/domain/detection/lighting.js';

const W = 40;
const H = 40;

/** A composite whose rows alternate white and black squares of 3 rows (the chequered stripe) or one plain grey. */
function composite(patterned: boolean, paint: (r: number, c: number, bg: number) => number | null) {
  const background = new Float32Array(H * 3);
  for (let r = 0; r < H; r++) background.fill(patterned ? (Math.floor(r / 3) % 2 ? 236 : 26) : 80, r * 3, r * 3 + 3);
  const data = new Float32Array(W * H * 3);
  const cells: number[] = [];
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const bg = background[r * 3] as number;
      const v = paint(r, c, bg);
      data.fill(v ?? bg, (r * W + c) * 3, (r * W + c) * 3 + 3);
      if (v !== null) cells.push(r * W + c);
    }
  }
  return { cells, input: { data, width: W, background, gain: new Float32Array(W).fill(1), threshold: new Float32Array(H).fill(12) } };
}

const inRegion = (r: number, c: number) => r >= 10 && r < 30 && c >= 10 && c < 30;

describe('lightingScore', () => {
  it('scores a shadow over the chequered stripe as light', () => {
    const { cells, input } = composite(true, (r, c, bg) => (inRegion(r, c) ? 0.5 * bg : null));
    expect(lightingScore(cells, input)).toBeGreaterThan(0.3);
  });

  it('scores a black body over the same stripe as a body', () => {
    const { cells, input } = composite(true, (r, c) => (inRegion(r, c) ? 20 : null));
    expect(lightingScore(cells, input)).toBe(0);
  });

  it('cannot tell a shadow from a dark body over a plain background, and does not claim to', () => {
    const { cells, input } = composite(false, (r, c, bg) => (inRegion(r, c) ? 0.4 * bg : null));
    expect(lightingScore(cells, input)).toBeLessThan(0.15);
  });
});

describe('leavesWithSceneLight', () => {
  // Mains flicker (±8 %) before the sun comes out at column 24, the whole scene then 25 % brighter.
  const gain = Array.from({ length: 60 }, (_, c) => (c < 22 ? 0.83 : c < 24 ? 0.93 : 1.03) * (1 + 0.08 * Math.sin(c * 2.6)));

  it('says so of an object on the line from the first column that leaves it as the sun comes out', () => {
    expect(leavesWithSceneLight(0, 23, gain)).toBe(true);
  });

  it('does not of a body on the line at the start that drives on while the light stays', () => {
    expect(leavesWithSceneLight(0, 13, gain)).toBe(false);
    expect(leavesWithSceneLight(0, 13, new Array<number>(60).fill(1))).toBe(false);
  });

  it('does not of an object that crossed the line during the recording', () => {
    expect(leavesWithSceneLight(5, 23, gain)).toBe(false);
  });
});
