/**
 * What the workspace tells an official before a dead heat is declared (who shares which place, or why it cannot be
 * declared as ticked), and how a suggested edge reads (time to the digit its uncertainty supports, ± rounded up).
 */
import { describe, expect, it } from 'vitest';
import type { EdgeSuggestion, FinisherResult, LeanRaceView } from '../../../../app/api/types.js';
import { planDeadHeat } from '../../../../renderer/src/session/dead-heat.js';
import { formatUncertainty, suggestionText } from '../../../../renderer/src/viewer/suggestion-text.js';

function finisher(place: number | null, competitor: string, time: string): FinisherResult {
  return {
    place,
    competitor,
    name: `Driver ${competitor}`,
    time_s: null,
    time_ns: place === null ? null : time,
    time_display: place === null ? '' : (Number(time) / 1e9).toFixed(3),
    behind_winner_s: null,
    behind_previous_s: null,
    margin_display: '',
    resolution_s: 0.001,
    dead_heat: false,
    typed: false,
    suggested: false,
  };
}

/** Only the parts of a race the plan reads. */
function race(extra: Partial<LeanRaceView> = {}): LeanRaceView {
  const finishers = [finisher(1, '5', '201350516'), finisher(2, '17', '202351184'), finisher(3, '24', '209779013'), finisher(null, '48', '')];
  return { results: { finishers }, deadHeats: [], certified: null, ...extra } as unknown as LeanRaceView;
}

describe('planning a dead heat', () => {
  it('names the finishers in finishing order and the place they share, and notes that their times differ', () => {
    const plan = planDeadHeat(race(), ['17', '5']);
    expect(plan.refusal).toBeNull();
    expect(plan.members.map((f) => f.competitor)).toEqual(['5', '17']);
    expect(plan.place).toBe(1);
    expect(plan.publishedTimesDiffer).toBe(true);
  });

  it('refuses finishers that are not next to each other, naming who finishes between them', () => {
    expect(planDeadHeat(race(), ['5', '24']).refusal).toMatch(/#17 Driver 17 finishes between them/);
  });

  it('refuses fewer than two finishers, an unmarked competitor, a certified race and a repeat declaration', () => {
    expect(planDeadHeat(race(), ['5']).refusal).toMatch(/two or more/);
    expect(planDeadHeat(race(), ['24', '48']).refusal).toMatch(/#48 has no mark/);
    expect(planDeadHeat(race({ certified: { official: 'A', role: 'B', at: '' } as LeanRaceView['certified'] }), ['5', '17']).refusal).toMatch(/certified.*Amend/);
    const declared = race({ deadHeats: [{ competitors: ['5', '17'], by: 'Sam Steward', at: '' }] });
    expect(planDeadHeat(declared, ['5', '17']).refusal).toMatch(/already share a dead heat, declared by Sam Steward/);
  });
});

describe("planning a dead heat by the engine's rule", () => {
  const times = [201_000_000n, 202_000_000n, 203_000_000n];
  const mark = (id: string, ns: string) => ({ competitorId: id, position: { kind: 'time', ns }, origin: 'image', by: 'J', at: '' });
  it('refuses, saying why, where the published times differ; allows the same published time', () => {
    const apart = race({ sport: { sport: 'motorsport' }, marks: [mark('5', '201350516'), mark('17', '202351184')] } as Partial<LeanRaceView>);
    expect(planDeadHeat(apart, ['5', '17'], times).refusal).toMatch(/^No dead heat: #5 \(0\.201\) and #17 \(0\.202\) do not share a published time/);
    const same = race({ sport: { sport: 'motorsport' }, marks: [mark('5', '201350516'), mark('17', '201400000')] } as Partial<LeanRaceView>);
    expect(planDeadHeat(same, ['5', '17'], times).refusal).toBeNull();
  });

  it('joins a declared dead heat it overlaps, naming it, or refuses a repeat: nothing dissolves silently', () => {
    const marks = [mark('5', '201350516'), mark('17', '201400000'), mark('24', '201450000')];
    const declared = race({ sport: { sport: 'motorsport' }, marks, deadHeats: [{ competitors: ['5', '17'], by: 'Sam Steward', at: '' }] } as Partial<LeanRaceView>);
    const plan = planDeadHeat(declared, ['17', '24'], times);
    expect([plan.refusal, plan.joins, plan.members.map((f) => f.competitor), plan.place]).toEqual([null, 'the dead heat between #5 and #17 (declared by Sam Steward)', ['5', '17', '24'], 1]);
    const three = race({ sport: { sport: 'motorsport' }, marks, deadHeats: [{ competitors: ['5', '17', '24'], by: 'Sam Steward', at: '' }] } as Partial<LeanRaceView>);
    expect(planDeadHeat(three, ['5', '17'], times).refusal).toMatch(/^The dead heat between #5 and #17 is already declared: the dead heat between #5 and #17 and #24 \(declared by Sam Steward\)/);
  });
});

describe('suggested edge text', () => {
  it('rounds the uncertainty up to two significant digits in a readable unit', () => {
    expect(formatUncertainty(0.000013495742)).toBe('±14 µs');
    expect(formatUncertainty(0.0000026)).toBe('±2.6 µs');
    expect(formatUncertainty(0.00042)).toBe('±420 µs');
    expect(formatUncertainty(0.0015)).toBe('±1.5 ms');
    expect(formatUncertainty(0.000000012)).toBe('±12 ns');
  });

  it('reads the time to the uncertainty’s first digit, never coarser than the evidence', () => {
    const edge = { index: 0, time_ns: '201350516', uncertainty_s: 0.0000135 } as EdgeSuggestion;
    expect(suggestionText(edge, 4)).toBe('S1 0.20135 s ±14 µs');
    expect(suggestionText({ ...edge, index: 2, uncertainty_s: 0.003 }, 4)).toBe('S3 0.2014 s ±3.0 ms');
  });

  it('says "to the frame" rather than a ± that is not calibrated, and names what the detector flagged', () => {
    const edge = { index: 0, time_ns: '0', uncertainty_s: 0.08, uncertainty_calibrated: false, flags: ['on-line-at-start', 'no-sub-frame'] } as EdgeSuggestion;
    expect(suggestionText(edge, 2)).toBe('S1 0.00 s to the frame · on the line at start');
    const late = { index: 3, time_ns: '26089000000', uncertainty_s: 0.0138, uncertainty_calibrated: true, flags: ['on-line-at-end'] } as EdgeSuggestion;
    expect(suggestionText(late, 2)).toBe('S4 26.09 s ±14 ms · still on the line at end');
  });
});
