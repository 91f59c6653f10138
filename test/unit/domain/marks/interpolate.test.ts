import { describe, expect, it } from 'vitest';
import type { Mark } from '../../../../app/domain/race/document.js';
import { evidenceAtMark } from '../../../../app/domain/marks/interpolate.js';
import { milliColumnAtTime, timeAtMilliColumn, toMilliColumn } from '../../../../app/domain/time/column-time.js';

// Columns 1 ms apart from 10 s, except a dropped-frame gap of 40 ms between columns 5 and 6.
const times = Array.from({ length: 10 }, (_, c) => 10_000_000_000n + BigInt(c) * 1_000_000n + (c > 5 ? 39_000_000n : 0n));
const columnMark = (milliColumn: number): Mark => ({ competitorId: 'x', position: { kind: 'column', milliColumn }, origin: 'image', by: 'J', at: 'now' });
const timeMark = (ns: bigint): Mark => ({ competitorId: 'x', position: { kind: 'time', ns: ns.toString() }, origin: 'typed', by: 'J', at: 'now' });

describe('column ↔ time', () => {
  it('gives a whole column its own time', () => {
    expect(timeAtMilliColumn(times, 3000)).toBe(10_003_000_000n);
    expect(timeAtMilliColumn(times, 9000)).toBe(10_048_000_000n);
  });

  it('interpolates linearly between floor and ceil columns', () => {
    expect(timeAtMilliColumn(times, 2500)).toBe(10_002_500_000n);
    expect(timeAtMilliColumn(times, 2001)).toBe(10_002_001_000n);
  });

  it('interpolates across a dropped-frame gap using the gap’s real times', () => {
    // Halfway between column 5 (10.005) and column 6 (10.045) is 10.025, not 10.0055.
    expect(timeAtMilliColumn(times, 5500)).toBe(10_025_000_000n);
    expect(timeAtMilliColumn(times, 5250)).toBe(10_015_000_000n);
    const ev = evidenceAtMark(columnMark(5500), times, [5], 0n);
    expect(ev).toEqual({ resolution: 40_000_000n, bracket: 5, inGap: true });
    // On a real frame beside the gap the picture is exact there: not inside the gap.
    expect(evidenceAtMark(columnMark(6000), times, [5], 0n).inGap).toBe(false);
    expect(evidenceAtMark(columnMark(4500), times, [5], 0n)).toEqual({ resolution: 1_000_000n, bracket: 4, inGap: false });
  });

  it('rounds half away from zero only at the nanosecond', () => {
    // 1/3 ns steps: 7 ns over 1000 thousandths.
    const tiny = [0n, 7n];
    expect(timeAtMilliColumn(tiny, 500)).toBe(4n); // 3.5 → 4
    expect(timeAtMilliColumn(tiny, 499)).toBe(3n); // 3.493 → 3
    const down = [10n, 3n]; // decreasing times (mirrored composite)
    expect(timeAtMilliColumn(down, 500)).toBe(6n); // 10 - 3.5 = 6.5 → half away from zero of the step (-3.5 → -4)
  });

  it('refuses columns outside the composite', () => {
    expect(() => timeAtMilliColumn(times, 9001)).toThrow(/outside the composite \(columns 0 to 9\)/);
    expect(() => toMilliColumn(-1)).toThrow(/not a column/);
    expect(toMilliColumn(200.5)).toBe(200_500);
    expect(toMilliColumn(0.1 + 0.2)).toBe(300);
  });

  it('finds the column of a typed time, and its resolution', () => {
    expect(milliColumnAtTime(times, 10_002_500_000n)).toBe(2500);
    expect(milliColumnAtTime(times, 10_025_000_000n)).toBe(5500);
    expect(milliColumnAtTime(times, 9_000_000_000n)).toBeNull();
    expect(evidenceAtMark(timeMark(10_025_000_000n), times, [5], 0n)).toEqual({ resolution: 40_000_000n, bracket: 5, inGap: true });
    expect(evidenceAtMark(timeMark(11_000_000_000n), times, [5], 0n)).toEqual({ resolution: null, bracket: null, inGap: false });
  });
});
