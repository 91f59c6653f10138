import { describe, expect, it } from 'vitest';
import {
  divCeil,
  divFloor,
  divRoundHalfAway,
  parseSecondsToTicks,
  secondsNumberToTicks,
  ticksToDecimalSeconds,
} from '../../../../app/domain/time/ticks.js';

describe('exact seconds parsing', () => {
  it.each([
    ['0', 0n],
    ['9.572', 9_572_000_000n],
    ['10.110', 10_110_000_000n],
    ['-0.001', -1_000_000n],
    ['.5', 500_000_000n],
    ['1e-3', 1_000_000n],
    ['2.5E2', 250_000_000_000n],
    ['0.0000000004', 0n],
    ['0.0000000005', 1n],
    ['26:17.533', 1_577_533_000_000n],
    ['1:02:03.4', 3_723_400_000_000n],
  ])('%s s → %s ns', (text, ns) => {
    expect(parseSecondsToTicks(text)).toBe(ns);
  });

  it('adds no binary float error to decimal seconds (0.1 + 0.2 stays 0.3)', () => {
    expect(parseSecondsToTicks('0.1') + parseSecondsToTicks('0.2')).toBe(parseSecondsToTicks('0.3'));
    expect(secondsNumberToTicks(0.1 + 0.2)).toBe(300_000_000n); // 0.30000000000000004 rounds at the ns
  });

  it('names the field in a one-line error', () => {
    expect(() => parseSecondsToTicks('12,5', 'timestamps.csv line 3')).toThrow('timestamps.csv line 3: "12,5" is not a number of seconds');
    expect(() => parseSecondsToTicks('1:xx:3')).toThrow(/not a time like/);
  });

  it('prints exact decimal seconds', () => {
    expect(ticksToDecimalSeconds(9_572_000_000n)).toBe('9.572');
    expect(ticksToDecimalSeconds(-400_000n)).toBe('-0.0004');
    expect(ticksToDecimalSeconds(7n * 1_000_000_000n)).toBe('7');
  });
});

describe('integer rounding', () => {
  it('rounds half away from zero, up and down', () => {
    expect(divRoundHalfAway(5n, 2n)).toBe(3n);
    expect(divRoundHalfAway(-5n, 2n)).toBe(-3n);
    expect(divCeil(9_572n, 10n)).toBe(958n);
    expect(divCeil(10_110n, 10n)).toBe(1011n);
    expect(divCeil(-15n, 10n)).toBe(-1n);
    expect(divFloor(-15n, 10n)).toBe(-2n);
  });
});
