import { describe, expect, it } from 'vitest';
import { isqrt, soundDelay, speedOfSound } from '../../../../app/domain/start/sound-delay.js';
import { ticksToDecimalSeconds } from '../../../../app/domain/time/ticks.js';

describe('speed-of-sound correction', () => {
  it('gives 0.2914 s for a 100 m race at 20 °C (343.2 m/s)', () => {
    const d = soundDelay('100', '20');
    expect(d.speed.toFixed(1)).toBe('343.2');
    expect(ticksToDecimalSeconds(d.delay)).toBe('0.291362877');
    expect((Number(d.delay) / 1e9).toFixed(4)).toBe('0.2914');
  });

  // Reference: distance / (331.3·sqrt(1 + T/273.15)) in 60-digit decimal arithmetic, rounded to the nanosecond.
  it.each([
    ['100', '0', 301_841_232n],
    ['400', '35.5', 1_135_810_861n],
    ['50', '-10', 153_761_456n],
    ['0.5', '20', 1_456_814n],
    ['123.456', '-3.7', 375_190_881n],
    ['5000', '60', 13_665_617_544n],
    ['1', '20', 2_913_629n],
    ['0', '20', 0n],
  ])('%s m at %s °C is exact to the nanosecond (so to the microsecond)', (distance, temperature, expected) => {
    const d = soundDelay(distance, temperature);
    expect(d.delay).toBe(expected);
    // And agrees with the formula in floating point far inside a microsecond.
    expect(Math.abs(Number(d.delay) - (Number(distance) / speedOfSound(Number(temperature))) * 1e9)).toBeLessThan(1);
  });

  it('defaults to 20 °C', () => {
    expect(soundDelay('100').delay).toBe(291_362_877n);
  });

  it('refuses a negative or absurd distance and an impossible temperature, in one line naming the value', () => {
    expect(() => soundDelay('-5', '20')).toThrow('distance -5 m: must not be negative');
    expect(() => soundDelay('12000', '20')).toThrow(/distance 12000 m: more than 5000 m/);
    expect(() => soundDelay('100', '80')).toThrow('temperature 80 °C: outside -50 to 60 °C');
    expect(() => soundDelay('ten', '20')).toThrow(/distance: "ten" is not a number/);
  });

  it('takes exact integer square roots of numbers far beyond a double', () => {
    const big = 123_456_789_012_345_678_901_234_567_890n;
    expect(isqrt(big * big)).toBe(big);
    expect(isqrt(big * big - 1n)).toBe(big - 1n);
    expect(isqrt(0n)).toBe(0n);
    expect(isqrt(3n)).toBe(1n);
  });
});
