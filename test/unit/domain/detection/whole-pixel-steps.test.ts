/**
 * A body drawn at whole pixels moves in uneven steps (bench:detect-speed's cars: ffmpeg's overlay puts a box at even
 * pixels, so 3.8 px per frame is steps of 4 px and now and then 2). With the 2-px step between the frames either side
 * of the line, its crossing is still read between those two frames, to a fraction of a frame.
 */
import { describe, expect, it } from 'vitest';
import { fitCrossing, type FrameAt, type RgbImage } from '../../../../app/domain/detection/front-fit.js';
import { lineGeometry } from '../../../../app/domain/detection/line-crossing.js';

const W = 200;
const H = 60;
const LINE_X = 100;
const ROAD = [96, 96, 100];
const PURPLE = [128, 0, 128];
/** The box's front edge (first x past it) in each frame, 1 ms apart: 4-px steps, the 2-px one across the line. */
const FRONTS = [84, 88, 92, 96, 100, 102, 106, 110, 114, 118, 122, 126, 130];

function frame(front: number): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = y >= 10 && y < 50 && x < front && x >= front - 80 ? PURPLE : ROAD;
      data.set(c, (y * W + x) * 3);
    }
  }
  return { width: W, height: H, data };
}

describe('a body moved in whole-pixel steps', () => {
  // Before: the 5 frames before the 2-px step were all left out of the fit, whose crossing was then extrapolated
  // from the frames after the line (reach 'past'): only the composite's coarse reading, ±1 ms, was suggested.
  it('is read between the frames either side of the line, to a fraction of a frame', () => {
    const frames: FrameAt[] = FRONTS.map((f, k) => ({ t: (k - 4) * 0.001, image: frame(f), gain: 1 }));
    const fit = fitCrossing({
      frames,
      background: frame(-1000),
      geometry: lineGeometry({ kind: 'column', x: LINE_X }),
      across: [12, 47],
      sign: 1,
      window: 40,
      threshold: 12,
    });
    expect(fit?.reach).toBe('bracketed');
    // Pixel x = 100 (the line) is first covered in frame 5 (front 102): the front, at x = 99.5 + coverage, passes
    // the line's pixel centre between frame 4 (front at 99.5) and frame 5 (101.5), a quarter of the way.
    expect((fit?.t ?? NaN) / 0.001).toBeCloseTo(0.25, 1);
  });
});
