/** F-key marks placed on the footage clock from the camera clock, exactly, whatever the build's timing was. */
import { describe, expect, it } from 'vitest';
import { captureUsByFrame, footageTimeOf, triggerMarks, triggersOf } from '../../../../app/domain/capture/capture-triggers.js';

// 60 frames/s on the camera clock from 7.000123 s; footage time = camera time − the first frame's (as timestamps.csv).
const us = [0, 1, 2, 3, 5, 6].map((i) => 7_000_123 + i * 16_667);
const native = us.map((captureUs) => ({ captureUs, time: BigInt(captureUs - 7_000_123) * 1000n }));

describe('trigger marks', () => {
  it('are exact on the footage clock when the race was built from the recording’s own times, inside, before and after the frames', () => {
    for (const u of [7_000_123, 7_020_000, 7_090_000, 7_100_124, 7_000_000, 7_200_000]) {
      expect(footageTimeOf(u, native)).toBe(BigInt(u - 7_000_123) * 1000n);
    }
  });

  it('take the same fraction of the interval between two columns when the build used another clock (a typed rate)', () => {
    const fps = us.map((captureUs, i) => ({ captureUs, time: BigInt(i) * 10_000_000n }));
    // 4 166 µs after frame 1, a quarter of its 16 667 µs interval: a quarter of the next 10 ms column (rounded at the ns).
    expect(footageTimeOf(7_016_790 + 4_166, fps)).toBe(10_000_000n + 2_499_550n);
  });

  it('keep only the F-key marks, in time order, labelled F1, F2 … with their column (null outside the frames)', () => {
    const markers = [
      { kind: 'manual' as const, captureUs: 7_060_000 },
      { kind: 'motion-start' as const, captureUs: 7_000_200 },
      { kind: 'manual' as const, captureUs: 7_010_000 },
      { kind: 'manual' as const, captureUs: 7_300_000 },
    ];
    const triggers = triggersOf(markers, native);
    expect(triggers).toEqual([
      { timeNs: String((7_010_000 - 7_000_123) * 1000), captureUs: 7_010_000 },
      { timeNs: String((7_060_000 - 7_000_123) * 1000), captureUs: 7_060_000 },
      { timeNs: String((7_300_000 - 7_000_123) * 1000), captureUs: 7_300_000 },
    ]);
    const marks = triggerMarks(triggers, native.map((a) => a.time));
    expect(marks.map((m) => m.label)).toEqual(['F1', 'F2', 'F3']);
    // 9 877 µs after column 0, 16 667 µs per column: column 0.593.
    expect(marks[0]?.milliColumn).toBe(593);
    expect(marks[2]?.milliColumn).toBeNull();
    expect(triggerMarks(undefined, [])).toEqual([]);
  });

  it('read each frame’s camera time from the capture folder’s timestamps.csv', () => {
    const map = captureUsByFrame('file,time_s,capture_us\nf_000000.jpg,0,7000123\nf_000001.jpg,0.016667,7016790\n');
    expect([...map]).toEqual([
      ['f_000000.jpg', 7_000_123],
      ['f_000001.jpg', 7_016_790],
    ]);
    expect(captureUsByFrame('file,time_s\nf.jpg,0\n').size).toBe(0);
  });
});
