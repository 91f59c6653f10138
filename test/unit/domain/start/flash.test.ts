import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../app/demo/prng.js';
import { detectFlash, type FrameBrightness } from '../../../../app/domain/start/flash.js';

const NS = 1_000_000_000n;

/** Frames at `fps` from `start` (ns) whose mean brightness is `mean(i)` plus a little sensor noise. */
function frames(count: number, fps: bigint, mean: (i: number) => number, start = 5n * NS): FrameBrightness[] {
  const rnd = createRandom(7);
  return Array.from({ length: count }, (_, i) => ({ time: start + (BigInt(i) * NS) / fps, mean: mean(i) + 2 * (rnd() - 0.5) }));
}

describe('flash (the gun’s flash in the picture)', () => {
  it('puts time zero between the flash frame and the one before, within one frame interval', () => {
    const f = frames(200, 100n, (i) => (i >= 83 && i < 86 ? 190 : 80));
    const flash = detectFlash(f);
    expect(flash?.index).toBe(83);
    const before = (f[82] as FrameBrightness).time;
    const first = (f[83] as FrameBrightness).time;
    expect(flash?.zero).toBe(before + (first - before) / 2n);
    expect(flash?.interval).toBe(10_000_000n);
    expect(flash?.uncertainty).toBe(5_000_000n);
    expect((flash?.zero ?? 0n) - (flash?.uncertainty ?? 0n)).toBe(before);
    expect((flash?.zero ?? 0n) + (flash?.uncertainty ?? 0n)).toBe(first);
  });

  it('keeps the exact times of an uneven frame interval (29.97 fps) and says how wide it was', () => {
    const f = frames(60, 1n, (i) => (i >= 30 ? 200 : 60)).map((x, i) => ({ ...x, time: (BigInt(i) * 1001n * NS) / 30000n }));
    const flash = detectFlash(f);
    expect(flash?.interval).toBe((f[30] as FrameBrightness).time - (f[29] as FrameBrightness).time);
    expect(flash?.uncertainty).toBeLessThanOrEqual(flash?.interval ?? 0n);
  });

  it('ignores a slow brightening (clouds, auto exposure), a darkening, and a flicker no bigger than the footage’s own', () => {
    expect(detectFlash(frames(200, 100n, (i) => 60 + i * 0.8))).toBeNull();
    expect(detectFlash(frames(100, 100n, (i) => (i >= 50 ? 20 : 180)))).toBeNull();
    expect(detectFlash(frames(100, 100n, (i) => 100 + (i % 2) * 14))).toBeNull();
  });
});
