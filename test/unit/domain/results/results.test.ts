import { describe, expect, it } from 'vitest';
import type { Competitor, DeadHeat, Mark, RaceDocument, SportSettings } from '../../../../app/domain/race/document.js';
import { computeResults } from '../../../../app/domain/results/compute-results.js';

// 1 ms columns from 0: column c is c ms, so milliColumn m is m µs.
const times = Array.from({ length: 100_001 }, (_, c) => BigInt(c) * 1_000_000n);
const competitors: Competitor[] = ['A', 'B', 'C', 'D', 'E'].map((id) => ({ id, name: `Runner ${id}` }));
const at = (id: string, seconds: string, origin: Mark['origin'] = 'image'): Mark => {
  const [w, f = ''] = seconds.split('.');
  const micro = Number(w) * 1_000_000 + Number(f.padEnd(6, '0'));
  return { competitorId: id, position: { kind: 'column', milliColumn: micro }, origin, by: 'J', at: 'now' };
};

function results(sport: SportSettings, marks: Mark[], deadHeats: DeadHeat[] = []) {
  const doc: Pick<RaceDocument, 'settings' | 'competitors' | 'marks' | 'deadHeats' | 'revision' | 'certified'> = {
    settings: { sport, direction: 'ltr' },
    competitors,
    marks,
    deadHeats,
    revision: 1,
  };
  return computeResults({ doc, times, gaps: [] });
}

describe('results', () => {
  it('orders by time with margins behind the winner and the previous finisher; unmarked are listed as others', () => {
    const r = results({ sport: 'motorsport' }, [at('C', '10.2'), at('A', '10.1234'), at('B', '10.1238')]);
    expect(r.finishers.map((f) => [f.place, f.competitor, f.time_display, f.margin_display])).toEqual([
      [1, 'A', '10.123', ''],
      [2, 'B', '10.124', '+0.0004'],
      [3, 'C', '10.200', '+0.076'],
    ]);
    expect(r.others.map((o) => [o.competitor, o.status])).toEqual([
      ['D', 'unmarked'],
      ['E', 'unmarked'],
    ]);
    // The published margins (readings' differences to 1/1000 s), exactly as displayed; the readings' own apart.
    expect(r.finishers.map((f) => [f.behind_winner_s, f.behind_winner_display, f.behind_previous_s, f.behind_previous_display])).toEqual([
      [null, '', null, ''],
      [0.0004, '+0.0004', 0.0004, '+0.0004'],
      [0.077, '+0.077', 0.076, '+0.076'],
    ]);
    expect(r.finishers.map((f) => [f.reading_behind_winner_s, f.reading_behind_previous_s])).toEqual([
      [null, null],
      [0.0004, 0.0004],
      [0.0766, 0.0762],
    ]);
    expect(r.finishers[0]?.resolution_s).toBe(0.001);
  });

  it('motorsport: an exact tie shares the place and is flagged for the rule book', () => {
    const r = results({ sport: 'motorsport' }, [at('A', '10.5'), at('B', '10.5'), at('C', '10.6')]);
    expect(r.finishers.slice(0, 3).map((f) => [f.place, f.margin_display, f.tie ?? false, f.dead_heat])).toEqual([
      [1, '', true, false],
      [1, '0.000', true, false],
      [3, '+0.100', false, false],
    ]);
  });

  it('athletics: equal at 1/1000 but apart on the picture are placed by it, with the same time and a note', () => {
    const r = results({ sport: 'athletics' }, [at('A', '9.5711'), at('B', '9.572'), at('C', '9.5729'), at('D', '9.58')]);
    expect(r.finishers.slice(0, 4).map((f) => [f.competitor, f.place, f.time_display, f.tie ?? false, f.notes])).toEqual([
      ['A', 1, '9.58', false, []],
      ['B', 2, '9.58', false, ['separated on the picture by 0.9 ms from #A']],
      ['C', 3, '9.58', false, []],
      ['D', 4, '9.58', false, []],
    ]);
    // The margin is the difference of the published times: the picture's 0.9 ms is the note's, not a margin.
    expect(r.finishers[1]?.behind_previous_display).toBe('+0.00');
    expect(r.finishers[1]?.flags).toEqual(['P']);
  });

  it('athletics at 10,000 lines/s: hairlines 0.4 ms apart, equal at 1/1000, are placed by the picture (issue 20)', () => {
    // Before: both placed 1st with "TIE" although the picture separates them.
    const lines = Array.from({ length: 20_001 }, (_, c) => BigInt(c) * 100_000n);
    const marks: Mark[] = [
      { competitorId: 'A', position: { kind: 'column', milliColumn: 10_021_000 }, origin: 'image', by: 'J', at: 'now' }, // 1.0021 s
      { competitorId: 'B', position: { kind: 'column', milliColumn: 10_025_000 }, origin: 'image', by: 'J', at: 'now' }, // 1.0025 s
    ];
    const doc = { settings: { sport: { sport: 'athletics' as const }, direction: 'ltr' as const }, competitors, marks, deadHeats: [], revision: 1 };
    const r = computeResults({ doc, times: lines, gaps: [] });
    expect(r.finishers.map((f) => [f.place, f.competitor, f.time_display, f.tie ?? false, f.notes, f.resolution_s])).toEqual([
      [1, 'A', '1.01', false, [], 0.0001],
      [2, 'B', '1.01', false, ['separated on the picture by 0.4 ms from #A'], 0.0001],
    ]);
  });

  it('athletics: hairlines at the very same instant stay tied for the rule book (only a dead heat is declared)', () => {
    const r = results({ sport: 'athletics' }, [at('A', '9.5711'), at('B', '9.5711')]);
    expect(r.finishers.map((f) => [f.place, f.tie, f.dead_heat])).toEqual([
      [1, true, false],
      [1, true, false],
    ]);
  });

  it('a declared dead heat groups finishers who share the place, even with a gap in the picture', () => {
    // 0.4 ms apart on the picture, the same published time (and within one 1 ms frame for the horse judge).
    const marks = [at('A', '10.1000'), at('B', '10.1004'), at('C', '10.1002'), at('D', '10.3')];
    const r = results({ sport: 'motorsport' }, marks, [{ competitors: ['A', 'B'], by: 'Referee', at: 'now' }]);
    expect(r.finishers.slice(0, 4).map((f) => [f.competitor, f.place, f.dead_heat])).toEqual([
      ['A', 1, true],
      ['B', 1, true],
      ['C', 3, false],
      ['D', 4, false],
    ]);
    const horse = results({ sport: 'horse' }, marks, [{ competitors: ['A', 'B'], by: 'Judge', at: 'now' }]);
    expect(horse.finishers.slice(0, 3).map((f) => [f.competitor, f.time_display, f.lengths_display])).toEqual([
      ['A', '10.10', ''],
      ['B', '10.10', ''], // joint winners are both timed; no margin between them
      ['C', '', 'nose'],
    ]);
  });

  it('a dead heat whose members lost their marks decides nothing', () => {
    const r = results({ sport: 'motorsport' }, [at('A', '10.1'), at('C', '10.2')], [{ competitors: ['A', 'B'], by: 'R', at: 'now' }]);
    expect(r.finishers[0]?.dead_heat).toBe(false);
    expect(r.finishers[1]?.place).toBe(2);
  });

  it('flags typed and suggested marks and ranks a typed time like any other', () => {
    const typed: Mark = { competitorId: 'B', position: { kind: 'time', ns: '10050000000' }, origin: 'typed', by: 'J', at: 'now' };
    const r = results({ sport: 'athletics' }, [at('A', '10.1', 'suggestion'), typed]);
    expect(r.finishers.slice(0, 2).map((f) => [f.competitor, f.typed, f.suggested, f.time_display])).toEqual([
      ['B', true, false, '10.05'],
      ['A', false, true, '10.10'],
    ]);
  });

  it('horse margins use the race’s lengths per second', () => {
    const r = results({ sport: 'horse', lengthsPerSecond: '4' }, [at('A', '60.0'), at('B', '60.25'), at('C', '61.25')]);
    expect(r.finishers.slice(0, 3).map((f) => [f.time_display, f.margin_display])).toEqual([
      ['1:00.00', ''],
      ['', '1 length'],
      ['', '4 lengths'],
    ]);
  });
});
