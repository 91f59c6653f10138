import { describe, expect, it } from 'vitest';
import { clampMilliColumn, columnAtTime, intervalAtColumn, parseColumnTimes, timeAtMilliColumn } from '../../../../app/domain/time/column-time.js';
import { clampViewport, columnToScreenX, screenXToMilliColumn, type Viewport } from '../../../../app/domain/viewport/viewport.js';
import { decimalsForResolution, formatDelta, formatInterval, formatSeconds } from '../../../../app/domain/viewport/readout.js';

// 1000 fps from t = 1.000000000 s, with frame 5 dropped (a 2 ms gap between columns 4 and 5).
const times = parseColumnTimes(['1000000000', '1001000000', '1002000000', '1003000000', '1004000000', '1006000000', '1007000000']);

describe('column ↔ time', () => {
  it('reads whole columns exactly and interpolates fractions in integer ns', () => {
    expect(timeAtMilliColumn(times, 0)).toBe(1_000_000_000n);
    expect(timeAtMilliColumn(times, 2_000)).toBe(1_002_000_000n);
    expect(timeAtMilliColumn(times, 2_100)).toBe(1_002_100_000n);
    expect(timeAtMilliColumn(times, 4_500)).toBe(1_005_000_000n); // across the dropped frame
    expect(timeAtMilliColumn(times, 4_001)).toBe(1_004_002_000n);
    expect(timeAtMilliColumn(times, 6_000)).toBe(1_007_000_000n);
    // A pointer past either end reads the first or last column; a mark there is refused.
    expect(timeAtMilliColumn(times, clampMilliColumn(times, 99_000))).toBe(1_007_000_000n);
    expect(timeAtMilliColumn(times, clampMilliColumn(times, -3_000))).toBe(1_000_000_000n);
    expect(() => timeAtMilliColumn(times, 6_001)).toThrow(/outside the composite/);
  });

  it('a nudge of 0.1 column moves a 1000 fps mark by exactly 0.1 ms; 1 column by 1 ms', () => {
    const a = timeAtMilliColumn(times, 1_300);
    expect(timeAtMilliColumn(times, 1_400) - a).toBe(100_000n);
    expect(timeAtMilliColumn(times, 2_300) - a).toBe(1_000_000n);
  });

  it('inverts time → column across gaps', () => {
    expect(columnAtTime(times, 1_002_000_000n)).toBe(2);
    expect(columnAtTime(times, 1_002_250_000n)).toBeCloseTo(2.25, 12);
    expect(columnAtTime(times, 1_005_000_000n)).toBeCloseTo(4.5, 12);
    expect(columnAtTime(times, 0n)).toBe(0);
    expect(columnAtTime(times, 9_000_000_000n)).toBe(6);
    for (let m = 0; m <= 6000; m += 100) expect(columnAtTime(times, timeAtMilliColumn(times, m))).toBeCloseTo(m / 1000, 9);
  });

  it('screen x → column → time at every zoom, both directions', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      for (const scale of [0.25, 1, 4, 16, 32]) {
        const vp: Viewport = clampViewport({ columns: times.length, width: 400, scale, left: 0, direction });
        for (let m = 0; m <= 6000; m += 100) {
          const x = columnToScreenX(vp, m / 1000);
          if (x < 0 || x > 400 || scale < 10) continue;
          expect(screenXToMilliColumn(vp, x)).toBe(m);
          expect(timeAtMilliColumn(times, screenXToMilliColumn(vp, x))).toBe(timeAtMilliColumn(times, m));
        }
      }
    }
  });

  it('gives the local interval (the resolution at a column)', () => {
    expect(intervalAtColumn(times, 4.2)).toBe(2_000_000n);
    expect(intervalAtColumn(times, 6)).toBe(1_000_000n);
  });
});

describe('readouts', () => {
  it('shows as many decimals as the evidence resolves in tenths of a column', () => {
    expect(decimalsForResolution(1_000_000n)).toBe(4);
    expect(decimalsForResolution(33_333_333n)).toBe(3);
    expect(decimalsForResolution(100_000n)).toBe(5);
    expect(decimalsForResolution(125_000n)).toBe(5);
  });
  it('formats exactly, rounding half away from zero', () => {
    expect(formatSeconds(1_002_150_000n, 4)).toBe('1.0022');
    expect(formatSeconds(1_002_149_999n, 4)).toBe('1.0021');
    expect(formatSeconds(83_456_700_000n, 3)).toBe('1:23.457');
    expect(formatSeconds(-500_000n, 3)).toBe('−0.001');
    expect(formatDelta(1_000_000n, 3)).toBe('+0.001');
    expect(formatInterval(1_000_000n)).toBe('1 ms');
    expect(formatInterval(33_333_333n)).toBe('33.333 ms');
    expect(formatInterval(125_000n)).toBe('125 µs');
  });
});
