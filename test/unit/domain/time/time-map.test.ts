import { describe, expect, it } from 'vitest';
import {
  constantRateTime,
  constantRateTimes,
  findIntervalGaps,
  measureRate,
  parseRate,
  ptsToTicks,
  rateToText,
} from '../../../../app/domain/time/time-map.js';
import { clampMilliColumn, timeAtMilliColumn } from '../../../../app/domain/time/column-time.js';
import { parseTimestampsText } from '../../../../app/domain/time/timestamps-file.js';
import { UserError } from '../../../../app/domain/errors.js';

describe('constant rate times', () => {
  it('keeps 29.97 fps exact at column 100,000 (no accumulated error)', () => {
    const rate = parseRate('29.97');
    expect(rate).toEqual({ num: 2997n, den: 100n });
    // 100000 / 29.97 s = 3336.670003336670... s → rounded once to the ns
    expect(constantRateTime(100_000, rate)).toBe(3_336_670_003_337n);
    const times = constantRateTimes(100_001, rate);
    expect(times[100_000]).toBe(3_336_670_003_337n);
    expect(times[1]).toBe(33_366_700n);
  });

  it('accepts an NTSC fraction and a start time', () => {
    const rate = parseRate('30000/1001');
    expect(constantRateTime(30_000, rate, 5_000_000_000n)).toBe(5_000_000_000n + 1_001_000_000_000n);
    expect(rateToText(rate)).toBe('30000/1001');
    expect(rateToText(parseRate('12.5'))).toBe('12.5');
  });

  it('reads 1000 fps as exactly 1 ms per frame', () => {
    expect(constantRateTimes(4, parseRate('1e3'))).toEqual([0n, 1_000_000n, 2_000_000n, 3_000_000n]);
  });

  it.each(['0', '-5', 'abc', '', '1/0', '25fps'])('refuses rate "%s" with a one-line message', (text) => {
    expect(() => parseRate(text, '--fps')).toThrow(UserError);
    expect(() => parseRate(text, '--fps')).toThrow(/^--fps: /);
  });

  it('turns presentation timestamps into ticks exactly (pts × time base)', () => {
    expect(ptsToTicks(2000n, { num: 1n, den: 25_000n })).toBe(80_000_000n);
    expect(ptsToTicks(1001n, { num: 1n, den: 30_000n })).toBe(33_366_667n);
  });
});

describe('measured rate and dropped-frame gaps', () => {
  // 100 fps camera with ±0.3 ms jitter and two drops: one frame lost after frame 20, three after frame 60.
  const nominal = 10_000_000n;
  // Deterministic pseudo-random jitter within ±0.3 ms.
  const jitterOf = (k: number) => BigInt(((k * k * 37 + k * 11) % 601) - 300) * 1000n;
  const frames: number[] = [];
  for (let i = 0; i < 100; i++) if (i !== 21 && !(i >= 61 && i <= 63)) frames.push(i);
  const times = frames.map((f, k) => BigInt(f) * nominal + jitterOf(k));

  it('measures the median interval, extremes and spread of jittered footage', () => {
    const m = measureRate(times);
    const sorted = times.slice(1).map((t, i) => t - (times[i] as bigint)).sort((a, b) => (a < b ? -1 : 1));
    expect(m.medianInterval).toBe(sorted[Math.floor(sorted.length / 2)]);
    expect(m.medianInterval).toBeGreaterThanOrEqual(9_700_000n);
    expect(m.medianInterval).toBeLessThanOrEqual(10_300_000n);
    expect(m.minInterval).toBeGreaterThanOrEqual(9_400_000n);
    expect(m.maxInterval).toBeGreaterThan(39_000_000n);
    expect(m.spread).toBeGreaterThan(0n);
    expect(m.spread).toBeLessThanOrEqual(400_000n);
    expect(m.intervals).toBe(times.length - 1);
  });

  it('finds exactly the dropped frames as gaps (interval > 1.5 × median), not the jitter', () => {
    const gaps = findIntervalGaps(times, measureRate(times).medianInterval);
    expect(gaps.map((g) => g.afterColumn)).toEqual([frames.indexOf(20), frames.indexOf(60)]);
    expect(gaps[0]?.from).toBe(times[frames.indexOf(20)]);
    expect(gaps[1]?.to).toBe(times[frames.indexOf(64)]);
  });

  it('does not call an interval of exactly 1.5 × the median a gap', () => {
    expect(findIntervalGaps([0n, 10n, 20n, 35n], 10n)).toEqual([]);
    expect(findIntervalGaps([0n, 10n, 20n, 36n], 10n)).toHaveLength(1);
  });

  it('interpolates fractional columns in exact thousandths', () => {
    const t = [0n, 33_366_700n, 66_733_400n];
    expect(timeAtMilliColumn(t, 500)).toBe(16_683_350n);
    expect(timeAtMilliColumn(t, 1000)).toBe(33_366_700n);
    expect(timeAtMilliColumn(t, 1333)).toBe(33_366_700n + 11_111_111n);
    expect(timeAtMilliColumn(t, clampMilliColumn(t, 99_999))).toBe(66_733_400n);
  });
});

describe('timestamps files', () => {
  it('reads CSV with a header, ignoring other columns, quotes and blank lines', () => {
    const csv = 'index,file,time_s,note\n0,"frame_1.png",0.000,start\n\n1,frame_2.png,0.0101,"a, b"\n';
    const e = parseTimestampsText(csv, 'times.csv');
    expect(e.map((x) => [x.key, x.time, x.line])).toEqual([
      [{ kind: 'file', name: 'frame_1.png' }, 0n, 2],
      [{ kind: 'file', name: 'frame_2.png' }, 10_100_000n, 4],
    ]);
  });

  it('reads a JSON array with frame numbers and names the line of each entry', () => {
    const json = '[\n  {"frame": 0, "time_s": 1.5},\n  {"frame": 1, "time_s": "1.6"}\n]';
    expect(parseTimestampsText(json, 't.json').map((x) => [x.key, x.time, x.line])).toEqual([
      [{ kind: 'frame', index: 0 }, 1_500_000_000n, 2],
      [{ kind: 'frame', index: 1 }, 1_600_000_000n, 3],
    ]);
  });

  it.each([
    ['file,time\na.png,1\n', /times\.csv line 1: the header row must name/],
    ['file,time_s\na.png,0.1\nb.png,abc\n', /times\.csv line 3: time_s "abc" is not a number of seconds/],
    ['file,time_s\na.png,0.2\nb.png,0.2\n', /times\.csv line 3: time 0\.2 s does not increase \(line 2 has 0\.2 s\)/],
    ['file,time_s\na.png,0.1\nb.png,0.05\n', /times\.csv line 3: time 0\.05 s does not increase/],
    ['file,time_s\na.png,0.1\na.png,0.2\n', /times\.csv line 3: file a\.png already has a time at line 2/],
    ['file,time_s\na.png,\n', /times\.csv line 2: time_s is empty/],
    ['file,time_s\n', /times\.csv: no timestamps/],
    // The start list's CSV rules (one splitter): a quote left open no longer swallows the rest of the line.
    ['file,time_s\n"a.png,0.1\n', /times\.csv line 2: a quoted field is not closed/],
    ['[{"frame": 0, "time_s": 0},\n {"frame": 1}]', /times\.csv line 2: entry has no "time_s"/],
    ['[{"frame": 0, "time_s": 0},\n {"frame": -1, "time_s": 1}]', /times\.csv line 2: frame "-1" is not a frame number/],
    ['[{"frame": 0, "time_s": 0},\n oops]', /times\.csv line 2: not valid JSON/],
  ])('refuses %j with the file and line', (text, message) => {
    expect(() => parseTimestampsText(text, 'times.csv')).toThrow(message);
  });
});
