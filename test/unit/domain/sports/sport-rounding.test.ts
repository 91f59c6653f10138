import { describe, expect, it } from 'vitest';
import { parseSecondsToTicks } from '../../../../app/domain/time/ticks.js';
import { athleticsTime, hundredthsNearest, motorsportMargin, motorsportTime, sportProfile } from '../../../../app/domain/sports/profiles.js';
import { DEFAULT_DISTANCE_TABLE, describeDistance, distanceFor, parseLengthsPerSecond } from '../../../../app/domain/sports/distances.js';

const t = (s: string) => parseSecondsToTicks(s);

describe('motorsport publication (nearest 1/1000 s)', () => {
  it.each([
    ['10.0004', '10.000'],
    ['10.0005', '10.001'], // half away from zero
    ['10.0014999', '10.001'],
    ['59.9995', '1:00.000'],
    ['61.2345', '1:01.235'],
    ['3723.4', '1:02:03.400'],
  ])('time %s → %s', (s, shown) => expect(motorsportTime(t(s))).toBe(shown));

  it.each([
    ['0.001', '0.001'],
    ['0.0005', '0.001'],
    ['0.0004', '0.0004'], // NASCAR printed 0.0004 rather than 0.000
    ['0.00049', '0.0005'],
    ['0.00004', '0.00004'],
    ['0.000000001', '0.000000001'],
    ['0.123456', '0.123'],
    ['0', '0.000'],
  ])('margin %s → %s', (s, shown) => expect(motorsportMargin(t(s))).toBe(shown));
});

describe('athletics publication (read to 1/1000, published rounded UP to 1/100)', () => {
  it.each([
    ['9.572', '9.58'],
    ['10.110', '10.11'],
    ['10.1100001', '10.12'],
    ['9.570', '9.57'],
    ['9.570000001', '9.58'],
    ['26:17.533', '26:17.54'],
    ['59.991', '1:00.00'],
    ['0', '0.00'],
  ])('%s → %s', (s, shown) => expect(athleticsTime(t(s))).toBe(shown));

  it('margins are the difference of the published times', () => {
    const p = sportProfile({ sport: 'athletics' });
    expect(p.margin({ time: t('9.581'), previous: t('9.572'), isWinner: false, deadHeatWithPrevious: false })).toBe('+0.01');
    expect(p.margin({ time: t('9.579'), previous: t('9.572'), isWinner: false, deadHeatWithPrevious: false })).toBe('+0.00');
  });

  it('ties at the thousandth read rounded up: 9.5711 and 9.572 cannot be separated, 9.572 and 9.5721 can', () => {
    const p = sportProfile({ sport: 'athletics' });
    expect(p.tieKey(t('9.5711'))).toBe(p.tieKey(t('9.572')));
    expect(p.tieKey(t('9.5721'))).not.toBe(p.tieKey(t('9.572')));
  });
});

describe('horse racing distances (gap × lengths per second, named)', () => {
  const five = parseLengthsPerSecond('5');
  const name = (gap: string, lps = five) => describeDistance(distanceFor(t(gap), lps));
  it.each([
    ['0', 'nose'], // a zero gap is never a dead heat by arithmetic
    ['0.01', 'nose'], // 0.05 L
    ['0.02', 'short head'], // 0.10 L
    ['0.04', 'head'], // 0.20 L
    ['0.06', 'neck'], // 0.30 L
    ['0.1', '½ length'],
    ['0.15', '¾ length'],
    ['0.2', '1 length'],
    ['0.25', '1¼ lengths'],
    ['0.3', '1½ lengths'],
    ['0.7', '3½ lengths'],
    ['2', '10 lengths'],
    // The British table since 2018: whole lengths counted to 200, no "distance" (was: 31 lengths and over).
    ['10', '50 lengths'],
    ['40', '200 lengths'],
    ['41', '200+ lengths'],
  ])('gap %s s at 5 L/s → %s', (gap, shown) => expect(name(gap)).toBe(shown));

  it('half-way between two names goes to the larger', () => {
    // 0.225 s × 5 = 1.125 L: exactly between 1 and 1¼.
    expect(name('0.225')).toBe('1¼ lengths');
    expect(name('0.2249999')).toBe('1 length');
  });

  it('uses the race setting for lengths per second (British racing 4–6)', () => {
    expect(name('0.25', parseLengthsPerSecond('4'))).toBe('1 length');
    expect(name('0.25', parseLengthsPerSecond('6'))).toBe('1½ lengths');
  });

  it('takes a custom table', () => {
    const table = [{ name: 'dead heat', lengths: 0 }, { name: 'nose', lengths: 0.1 }, { name: 'head', lengths: 0.25 }, { name: '1', lengths: 1 }];
    expect(distanceFor(t('0.04'), five, table).name).toBe('head');
    expect(DEFAULT_DISTANCE_TABLE[0]?.name).toBe('dead heat');
  });

  it('refuses nonsense lengths per second', () => {
    expect(() => parseLengthsPerSecond('0')).toThrow(/lengths per second/);
    expect(() => parseLengthsPerSecond('abc')).toThrow(/lengths per second/);
  });

  it('shows only the winner’s time, to 1/100 s', () => {
    const p = sportProfile({ sport: 'horse' });
    expect(p.time({ time: t('97.455'), previous: null, isWinner: true, deadHeatWithPrevious: false })).toBe('1:37.46');
    expect(p.time({ time: t('97.6'), previous: t('97.455'), isWinner: false, deadHeatWithPrevious: false })).toBe('');
    expect(p.lengths?.({ time: t('97.6'), previous: t('97.6'), isWinner: false, deadHeatWithPrevious: true })).toBe('dead heat');
  });
});

describe('greyhound distances (one length per 0.08 s)', () => {
  const p = sportProfile({ sport: 'greyhound' });
  const after = (gap: string) => p.lengths?.({ time: t('29.00') + t(gap), previous: t('29.00'), isWinner: false, deadHeatWithPrevious: false });
  it.each([
    ['0.08', '1 length'],
    ['0.04', '½ length'],
    ['0.16', '2 lengths'],
    ['0.008', 'short head'],
  ])('gap %s s → %s', (gap, shown) => expect(after(gap)).toBe(shown));
  it('prints every runner’s time to 1/100 s', () => {
    expect(p.time({ time: t('29.125'), previous: t('29'), isWinner: false, deadHeatWithPrevious: false })).toBe('29.13');
    expect(hundredthsNearest(t('29.1249'))).toBe('29.12');
  });
});
