/**
 * A damaged stretch of video is tens of bad frames: `build` and `info` print one line per gap with the stretch as a
 * range, not fifty names (before: "bad.mp4 frame 148, bad.mp4 frame 149, …" for every frame).
 */
import { describe, expect, it } from 'vitest';
import { badFrameNames } from '../../../app/cli/gap-line.js';

describe('bad frame names in a gap line', () => {
  it("prints a run of one video's consecutive frames as a range", () => {
    const names = Array.from({ length: 52 }, (_, k) => `bad.mp4 frame ${148 + k}`);
    expect(badFrameNames(names)).toBe('bad.mp4 frames 148–199');
  });

  it('keeps single frames, separate runs and frame files apart', () => {
    expect(badFrameNames(['a.mp4 frame 3', 'a.mp4 frame 4', 'a.mp4 frame 9', 'frame_00006.png'])).toBe('a.mp4 frames 3–4, a.mp4 frame 9, frame_00006.png');
  });

  it('names at most six items, then how many more', () => {
    const names = Array.from({ length: 9 }, (_, k) => `frame_${String(2 * k).padStart(5, '0')}.png`);
    expect(badFrameNames(names)).toBe('frame_00000.png, frame_00002.png, frame_00004.png, frame_00006.png, frame_00008.png and 4 more');
  });
});
