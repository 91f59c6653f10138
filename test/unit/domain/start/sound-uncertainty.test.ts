/**
 * The audio start's uncertainty includes the speed of sound's (issue 20): the temperature (±5 °C where it was not
 * given) and a stated wind allowance, added to the onset's, and the total printed.
 */
import { describe, expect, it } from 'vitest';
import { soundDelay, soundDelayUncertainty, WIND_ALLOWANCE_MPS } from '../../../../app/domain/start/sound-delay.js';
import { startInfo } from '../../../../app/domain/start/start-json.js';
import { startLine } from '../../../../app/domain/start/start-text.js';

describe('speed of sound uncertainty', () => {
  it('over 100 m: ±5 °C not given is about ±2.5 ms, ±1 °C given ±0.5 ms; a 2 m/s wind about ±1.7 ms', () => {
    const notGiven = soundDelayUncertainty('100', '20', false);
    expect(notGiven.temperatureAllowanceC).toBe(5);
    // c(15 °C) = 340.3 m/s: 100/340.3 − 100/343.2 = 2.49 ms (the larger side).
    expect(Number(notGiven.temperature) / 1e6).toBeCloseTo(2.49, 1);
    const given = soundDelayUncertainty('100', '20', true);
    expect(given.temperatureAllowanceC).toBe(1);
    expect(Number(given.temperature) / 1e6).toBeCloseTo(0.49, 1);
    expect(notGiven.windAllowanceMps).toBe(WIND_ALLOWANCE_MPS);
    // 100/(343.2 − 2) − 100/343.2 = 1.71 ms.
    expect(Number(notGiven.wind) / 1e6).toBeCloseTo(1.71, 1);
    expect(soundDelayUncertainty('0', '20', false)).toMatchObject({ temperature: 0n, wind: 0n });
  });

  it('prints the total with its parts on the start line', () => {
    const delay = soundDelay('100', '20');
    const air = soundDelayUncertainty('100', '20', false);
    const onset = 100_000n;
    const total = onset + air.temperature + air.wind;
    const line = startLine(
      startInfo({
        method: 'audio',
        zeroNs: (2_000_000_000n - delay.delay).toString(),
        uncertaintyNs: total.toString(),
        detectedNs: '2000000000',
        soundDelayNs: delay.delay.toString(),
        distanceM: '100',
        temperatureC: '20',
        uncertaintyParts: { onsetNs: '100000', temperatureNs: air.temperature.toString(), temperatureAllowanceC: 5, windNs: air.wind.toString(), windAllowanceMps: 2 },
        by: 'Starter',
        at: '2026-06-14T12:00:00Z',
      }),
    );
    expect(line).toMatch(/±4\.3 ms in total \(onset ±0\.1 ms, speed of sound ±2\.5 ms for ±5 °C and ±1\.7 ms for a wind of ±2 m\/s\)/);
  });
});
