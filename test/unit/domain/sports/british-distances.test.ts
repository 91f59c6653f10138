/**
 * Horse distances by the current British table (issue 20): quarter lengths to 3¾, whole lengths counted to 200
 * since 2018, no "distance". A 3¼-length gap printed "3½ lengths" and 45 lengths printed "distance".
 */
import { describe, expect, it } from 'vitest';
import { BRITISH_DISTANCE_TABLE, describeDistance, distanceFor, parseLengthsPerSecond, PRE_2018_DISTANCE_TABLE } from '../../../../app/domain/sports/distances.js';
import { sportProfile } from '../../../../app/domain/sports/profiles.js';
import { parseSecondsToTicks } from '../../../../app/domain/time/ticks.js';

const five = parseLengthsPerSecond('5');
/** The printed distance of `lengths` at 5 lengths per second. */
const shown = (lengths: string) => describeDistance(distanceFor(parseSecondsToTicks(lengths) / 5n, five));

describe('the British distance table', () => {
  it('prints a 3¼-length gap as "3¼ lengths" (not 3½), and 3¾ as itself', () => {
    expect(shown('3.25')).toBe('3¼ lengths');
    expect(shown('3.75')).toBe('3¾ lengths');
    expect(shown('2.25')).toBe('2¼ lengths');
  });

  it('counts whole lengths to 200: 45 lengths is "45 lengths", never "distance"', () => {
    expect(shown('45')).toBe('45 lengths');
    expect(shown('107')).toBe('107 lengths');
    expect(shown('200')).toBe('200 lengths');
    expect(shown('260')).toBe('200+ lengths');
    expect(BRITISH_DISTANCE_TABLE.some((d) => d.name === 'distance')).toBe(false);
  });

  it('has quarters to 3¾, then 4, 4½ and whole lengths (BHA, 2008)', () => {
    const names = BRITISH_DISTANCE_TABLE.map((d) => d.name);
    expect(names.slice(0, 20)).toEqual(['dead heat', 'nose', 'short head', 'head', 'neck', '½', '¾', '1', '1¼', '1½', '1¾', '2', '2¼', '2½', '2¾', '3', '3¼', '3½', '3¾', '4']);
    expect(names.slice(20, 24)).toEqual(['4½', '5', '6', '7']);
    expect(names).not.toContain('5½');
  });

  it('keeps the earlier table for results certified by rules 1 and 2, so they still verify', () => {
    const gap = parseSecondsToTicks('3.25') / 5n;
    const horse = { sport: 'horse' as const, lengthsPerSecond: '5' };
    const f = { time: 10_000_000_000n + gap, previous: 10_000_000_000n, isWinner: false, deadHeatWithPrevious: false };
    expect(sportProfile(horse, 2).lengths?.(f)).toBe('3½ lengths');
    expect(sportProfile(horse).lengths?.(f)).toBe('3¼ lengths');
    expect(PRE_2018_DISTANCE_TABLE.some((d) => d.name === 'distance')).toBe(true);
  });
});
