import { describe, expect, it } from 'vitest';
import { captureUsToTicks, FrameClock, type FrameArrival } from '../../../../app/domain/capture/frame-clock.js';
import { UserError } from '../../../../app/domain/errors.js';
import { findIntervalGaps, measureRate } from '../../../../app/domain/time/time-map.js';

const US_60 = 16_667; // a 60 frames/s camera's interval in whole µs

function feed(clock: FrameClock, us: number[]): FrameArrival[] {
  return us.map((t) => clock.push(captureUsToTicks(t)));
}

describe('capture timestamps', () => {
  it('turns VideoFrame microseconds into exact ticks', () => {
    expect(captureUsToTicks(461_213_700)).toBe(461_213_700_000n);
    expect(captureUsToTicks(0)).toBe(0n);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 60])('refuses %s µs', (us) => {
    expect(() => captureUsToTicks(us)).toThrow(UserError);
  });
});

describe('FrameClock', () => {
  it('measures the running rate from the camera clock and reports no gap on a steady stream', () => {
    const clock = new FrameClock();
    const arrivals = feed(clock, Array.from({ length: 30 }, (_, i) => 1_000_000 + i * US_60));
    expect(arrivals.every((a) => a.kind === 'frame' && a.missing === 0)).toBe(true);
    expect(clock.rate()).toBeCloseTo(59.999, 2);
    expect(clock.deliveredRate()).toBeCloseTo(59.999, 2);
    expect(clock.summary()).toMatchObject({ frames: 30, gaps: 0, missing: 0, first: 1_000_000_000n });
  });

  it('reports a dropped frame the moment the late frame arrives, with how many were lost', () => {
    const clock = new FrameClock();
    const us = Array.from({ length: 10 }, (_, i) => i * US_60);
    feed(clock, us);
    // Two frames lost (the next frame comes three intervals later), then one lost.
    const [afterTwo] = feed(clock, [9 * US_60 + 3 * US_60]);
    expect(afterTwo).toMatchObject({ kind: 'frame', missing: 2 });
    const [afterOne] = feed(clock, [12 * US_60 + 2 * US_60]);
    expect(afterOne).toMatchObject({ kind: 'frame', missing: 1 });
    expect(clock.summary()).toMatchObject({ gaps: 2, missing: 3, frames: 12 });
    // The delivered rate drops below the camera's rate; the camera's rate is not dragged down by the gaps.
    expect(clock.rate()).toBeCloseTo(59.999, 2);
    expect(clock.deliveredRate()!).toBeLessThan(59);
  });

  it('calls a gap exactly what the build will call a gap (the same rule on the same times)', () => {
    const clock = new FrameClock();
    const us = [0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 75_001, 85_001, 100_000, 115_000, 125_000];
    const live = feed(clock, us).filter((a) => a.kind === 'frame' && a.missing > 0).length;
    const ticks = us.map(captureUsToTicks);
    const built = findIntervalGaps(ticks, measureRate(ticks).medianInterval).length;
    expect(live).toBe(1); // 15.001, 14.999 and 15 ms around a 10 ms median: only the first is more than 1.5×
    expect(built).toBe(live);
  });

  it('does not judge gaps before the rate is known (the camera settling)', () => {
    const clock = new FrameClock();
    const arrivals = feed(clock, [0, 50_000, 60_000, 70_000]);
    expect(arrivals.every((a) => a.kind === 'frame' && a.missing === 0)).toBe(true);
    expect(clock.rate()).toBeNull();
  });

  it('leaves out a frame whose time does not increase', () => {
    const clock = new FrameClock();
    feed(clock, [0, 10_000]);
    expect(clock.push(captureUsToTicks(10_000))).toMatchObject({ kind: 'not-increasing', previous: 10_000_000n });
    expect(clock.push(captureUsToTicks(5_000))).toMatchObject({ kind: 'not-increasing' });
    expect(clock.summary().frames).toBe(2);
  });
});
