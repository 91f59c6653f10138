/**
 * Each sport's own numbers: horse racing's lengths per second from the BHA scale by race type, going and surface
 * (overridable), the judge's own distance with a reason, and greyhound racing's own short distances.
 */
import { describe, expect, it } from 'vitest';
import * as commands from '../../../../app/domain/race/commands/index.js';
import type { Mark, SportSettings } from '../../../../app/domain/race/document.js';
import { computeResults } from '../../../../app/domain/results/compute-results.js';
import { scaleLengthsPerSecond } from '../../../../app/domain/sports/horse-scale.js';
import { sportProfile } from '../../../../app/domain/sports/profiles.js';
import { RaceLog } from '../../../helpers/race-log.js';

// 1 ms columns: milliColumn m is m µs.
const times = Array.from({ length: 5000 }, (_, c) => BigInt(c) * 1_000_000n);
const competitors = ['1', '2', '3', '4'].map((id) => ({ id, name: `Runner ${id}` }));
const at = (id: string, ms: number): Mark => ({ competitorId: id, position: { kind: 'column', milliColumn: Math.round(ms * 1000) }, origin: 'image', by: 'J', at: 'x' });

function results(sport: SportSettings, marks: Mark[]) {
  return computeResults({ doc: { settings: { sport, direction: 'ltr' }, competitors, marks, deadHeats: [], revision: 1 }, times, gaps: [] });
}

describe('horse racing: lengths per second by race type, going and surface', () => {
  it.each([
    ['flat', 'good', undefined, '6'],
    ['flat', 'good-to-firm', undefined, '6'],
    ['flat', 'good-to-soft', undefined, '5.5'],
    ['flat', 'heavy', undefined, '5'],
    ['flat', undefined, 'polytrack', '6'],
    ['flat', undefined, 'tapeta', '6'],
    ['flat', undefined, 'fibresand', '5'],
    ['jumps', 'firm', undefined, '5'],
    ['jumps', 'good-to-soft', undefined, '4.5'],
    ['jumps', 'soft', undefined, '4'],
  ] as const)('%s on %s %s: %s lengths per second', (type, going, surface, lps) => {
    expect(scaleLengthsPerSecond(type, going, surface)).toBe(lps);
  });

  it('the same gap is a different distance by going; an official’s figure overrides the scale', () => {
    const marks = [at('1', 1000), at('2', 1250)]; // 0.25 s
    const lengths = (s: SportSettings) => results(s, marks).finishers[1]?.lengths_display;
    expect(lengths({ sport: 'horse', raceType: 'flat', going: 'good' })).toBe('1½ lengths');
    expect(lengths({ sport: 'horse', raceType: 'jumps', going: 'heavy' })).toBe('1 length');
    expect(lengths({ sport: 'horse', raceType: 'jumps', going: 'heavy', lengthsPerSecond: '5' })).toBe('1¼ lengths');
    expect(lengths({ sport: 'horse' })).toBe('1¼ lengths'); // 5 without a race type, as before
    expect(sportProfile({ sport: 'horse', raceType: 'flat', going: 'good-to-soft' }).describe).toBe(
      "winner's time to 1/100 s; distances at 5.5 lengths per second (flat, good to soft, BHA scale)",
    );
  });
});

describe('greyhound racing: its own short distances at 0.08 s a length', () => {
  it('short head 0.01 s, head 0.02 s, neck 0.03 s, half a length 0.04 s, a length 0.08 s', () => {
    const r = results({ sport: 'greyhound' }, [at('1', 1000), at('2', 1010), at('3', 1030), at('4', 1060)]);
    expect(r.finishers.map((f) => f.lengths_display)).toEqual(['', 'short head', 'head', 'neck']);
    const longer = results({ sport: 'greyhound' }, [at('1', 1000), at('2', 1040), at('3', 1120)]);
    expect(longer.finishers.map((f) => f.lengths_display)).toEqual(['', '½ length', '1 length']);
  });
});

describe("the judge's distance", () => {
  const start = () => {
    const log = new RaceLog(times, { sport: { sport: 'horse', raceType: 'flat', going: 'good' }, competitors });
    for (const [id, ms] of [['1', 1000], ['2', 1010], ['3', 1400]] as const) log.markMilli(id, ms * 1000);
    return { push: (c: { action: string; payload: unknown }) => log.push(c), state: () => log.state };
  };

  it('replaces the computed distance with the reason and the judge, is flagged, and can be undone', () => {
    const { push, state } = start();
    expect(computeResults({ doc: state().doc, times, gaps: [] }).finishers[1]?.lengths_display).toBe('nose');
    push(commands.setDistance(state(), { competitorId: '2', distance: 'Head', reason: 'winner eased near the line', by: 'Judge Lee', at: 't' }));
    const f = computeResults({ doc: state().doc, times, gaps: [] }).finishers[1];
    expect([f?.lengths_display, f?.margin_display, f?.judge_distance]).toEqual(['head', 'head', { computed: 'nose', reason: 'winner eased near the line', by: 'Judge Lee' }]);
    push(commands.undo(state()));
    expect(computeResults({ doc: state().doc, times, gaps: [] }).finishers[1]?.judge_distance).toBeUndefined();
  });

  it('is refused without a reason, for a name the table lacks, without a mark, and outside horse racing', () => {
    const { state } = start();
    const req = { competitorId: '2', distance: 'head', reason: 'eased', by: 'J', at: 't' };
    expect(() => commands.setDistance(state(), { ...req, reason: 'x' })).toThrow('a judge\'s distance needs a reason (at least 3 characters), got "x"');
    expect(() => commands.setDistance(state(), { ...req, distance: 'a whisker' })).toThrow(/"a whisker" is not a distance of this race's table \(nose, short head, head, neck/);
    expect(() => commands.setDistance(state(), { ...req, competitorId: '4' })).toThrow('competitor 4 has no mark: a distance is behind the finisher ahead');
    expect(() => commands.clearDistance(state(), '2')).toThrow("competitor 2 has no judge's distance to clear");
  });
});
