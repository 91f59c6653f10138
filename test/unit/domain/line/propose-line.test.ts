/** The proposed finish line: perpendicular to the dominant motion, through where most of it crosses. */
import { describe, expect, it } from 'vitest';
import { proposeLine, type GreyFrame } from '../../../../app/domain/line/propose-line.js';

/** A 100×60 frame with a bright 10×10 block at (x, y) on a dark ground. */
function frame(x: number, y: number): GreyFrame {
  const data = new Uint8Array(100 * 60).fill(20);
  for (let j = y; j < y + 10; j++) for (let i = x; i < x + 10; i++) if (i >= 0 && i < 100 && j >= 0 && j < 60) data[j * 100 + i] = 220;
  return { width: 100, height: 60, data };
}

describe('proposeLine', () => {
  it('blocks moving across the frame (both ways) give an upright line where they move', () => {
    const pairs: [GreyFrame, GreyFrame][] = [
      [frame(30, 10), frame(33, 10)],
      [frame(60, 40), frame(57, 40)],
    ];
    const p = proposeLine(pairs, 1000, 600)!;
    expect(Math.abs(p.motionDeg - 0) < 5 || Math.abs(p.motionDeg - 180) < 5).toBe(true);
    expect(Math.abs(p.line.x1 - p.line.x2)).toBeLessThan(20);
    expect(p.line.y1).toBe(0);
    expect(p.line.y2).toBe(599);
    expect(p.line.x1).toBeGreaterThan(300);
    expect(p.line.x1).toBeLessThan(700);
  });

  it('blocks moving up and down give a level line across the frame', () => {
    const p = proposeLine([[frame(20, 20), frame(20, 24)], [frame(70, 30), frame(70, 26)]], 768, 432)!;
    expect(Math.abs(p.motionDeg - 90)).toBeLessThan(5);
    expect([p.line.x1, p.line.x2]).toEqual([0, 767]);
    expect(Math.abs(p.line.y1 - p.line.y2)).toBeLessThan(20);
  });

  it('no motion: no proposal', () => {
    expect(proposeLine([[frame(30, 10), frame(30, 10)]], 100, 60)).toBeNull();
  });
});
