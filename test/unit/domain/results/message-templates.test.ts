/**
 * Every message an official reads (rule checks, time zero's checks; the sheet's notes: test/unit/exports/sheet) rendered with its values
 * missing: a horse that is not the winner has no published time, an official's name or a reason may be empty. None
 * may show an empty slot ("the time  was typed in", issue 20) or a double space.
 */
import { describe, expect, it } from 'vitest';
import type { FinisherResult } from '../../../../app/domain/results/results-report.js';
import { ruleChecks } from '../../../../app/domain/results/checks.js';
import { startChecks } from '../../../../app/domain/start/start-checks.js';
import type { Mark } from '../../../../app/domain/race/document.js';
import { expectFilled } from '../../../helpers/message-slots.js';

const row = (id: string, extra: Partial<FinisherResult>): FinisherResult => ({
  place: 2, competitor: id, name: '', time_s: null, time_ns: null, time_display: '', behind_winner_s: null, behind_previous_s: null,
  margin_display: '', resolution_s: null, dead_heat: false, typed: false, suggested: false, ...extra,
});
const mark = (id: string, origin: Mark['origin'], extra: Partial<Mark> = {}): Mark => ({ competitorId: id, position: { kind: 'time', ns: '12345000000' }, origin, by: '', at: '', ...extra });

describe('message templates with missing values', () => {
  it('rule checks: a typed or hand time without a published time names the reading, or just "the time"', () => {
    const checks = ruleChecks({
      sport: 'athletics',
      finishers: [
        row('6', { typed: true, time_ns: '12345000000' }),
        row('7', { typed: true }),
        row('8', { hand: true }),
        row('9', { near_gap: true }),
        row('10', { suggested: true }),
      ],
      others: [
        { competitor: '1', name: '', status: 'unmarked', rule: null, reason: null, by: null, time_s: null, time_ns: null, time_display: '' },
        { competitor: '2', name: '', status: 'unmarked', rule: null, reason: null, by: null, time_s: null, time_ns: null, time_display: '' },
      ],
      marks: [mark('6', 'typed'), mark('7', 'typed'), mark('8', 'hand'), mark('10', 'suggestion', { suggestion: { index: 0, confidence: 0.2, uncertaintyNs: '0', calibrated: false } as Mark['suggestion'] })],
      deadHeats: [{ competitors: ['3', '4'], by: '', at: '' }],
      unsupported: [{ deadHeat: { competitors: ['3', '4'], by: '', at: '' }, why: 'the picture separates them' }],
      withdrawn: [{ competitors: ['5', '11'], declaredBy: '', declaredAt: '', by: '', at: '', reason: '' }],
      rate: 50,
    });
    expect(checks.map((c) => c.code)).toEqual(expect.arrayContaining(['unaccounted', 'dead-heat-unsupported', 'athletics-rate-not-fat', 'typed-time', 'hand-time', 'time-across-gap', 'low-confidence-suggestion', 'dead-heat-withdrawn']));
    for (const c of checks) expectFilled(c.message);
    expect(checks.find((c) => c.message.startsWith('#6'))?.message).toBe('#6: the time 12.345 s was typed in, not read from the image');
    expect(checks.find((c) => c.message.startsWith('#7'))?.message).toBe('#7: the time was typed in, not read from the image');
    expect(ruleChecks({ sport: 'athletics', finishers: [], others: [], marks: [], deadHeats: [], unsupported: [], withdrawn: [], rate: 250 }).map((c) => c.message)).toHaveLength(1);
  });

  it('time zero checks', () => {
    const all = [
      ...startChecks({ settings: { sport: { sport: 'athletics' }, direction: 'ltr' } }),
      ...startChecks({ settings: { sport: { sport: 'athletics' }, direction: 'ltr' }, start: { method: 'audio' } as never, zeroControl: { passed: false } as never }),
    ];
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const c of all) expectFilled(c.message);
  });
});
