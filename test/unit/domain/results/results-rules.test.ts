/**
 * Result rules are versioned so that every certification keeps verifying: version 1 must reproduce exactly what the
 * code computed before versions existed (hashes taken with that code), version 2 publishes a dead heat as one time.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../app/domain/audit/canonical.js';
import { computeResults, resultsForHash } from '../../../../app/domain/results/compute-results.js';
import { sha256 } from '../../../helpers/race-log.js';
import { SCENARIOS, type Scenario } from './dead-heat-scenarios.js';

const scenario = (name: string) => SCENARIOS.find((s) => s.name === name) as Scenario;
const compute = (s: Scenario, rules?: number) => computeResults({ doc: s.doc, times: s.times, gaps: [], ...(rules !== undefined ? { rules } : {}) });
const row = (f: ReturnType<typeof compute>['finishers'][number]) => [f.place, f.competitor, f.time_display, f.time_ns, f.margin_display, f.behind_previous_s];

describe('result rules version 1', () => {
  it.each(SCENARIOS)('reproduces the hash the earlier code certified ($name)', (s) => {
    expect(sha256(canonicalJson(resultsForHash(compute(s, 1))))).toBe(s.v1Sha256);
  });
});

describe('result rules version 2', () => {
  it('gives greyhounds in a dead heat the first one’s time and no margin between them', () => {
    const r = compute(scenario('greyhound'));
    expect(r.finishers.map(row)).toEqual([
      [1, '2', '0.67', '670499999', '', null],
      [1, '4', '0.67', '670499999', 'dead heat', 0],
      // The next dog is measured from the time the dead-heaters share.
      [3, '1', '0.72', '716666666', '½ length', 0.046166667],
      [4, '3', '0.90', '900000000', '2¼ lengths', 0.183333334],
    ]);
    expect(r.finishers.map((f) => f.dead_heat)).toEqual([true, true, false, false]);
    expect(r.finishers[1]?.behind_winner_s).toBe(0);
  });

  it('gives motorsport dead-heaters one time and a zero margin, not the +0.0003 their hairlines differ by', () => {
    const r = compute(scenario('motorsport'));
    expect(r.finishers.slice(0, 3).map(row)).toEqual([
      [1, '1', '10.080', '10080100000', '', null],
      [1, '2', '10.080', '10080100000', '0.000', 0],
      [3, '3', '10.095', '10095000000', '+0.015', 0.0149],
    ]);
  });

  it('gives a typed or hand time no evidence resolution: it was not read from the picture', () => {
    expect(compute(scenario('greyhound')).finishers.find((f) => f.typed)?.resolution_s).toBeNull();
    const hand = compute(scenario('motorsport')).finishers.find((f) => f.hand);
    expect([hand?.time_display, hand?.resolution_s]).toEqual(['10.2h', null]);
    // Marks read from the image keep theirs.
    expect(compute(scenario('greyhound')).finishers[0]?.resolution_s).toBe(0.016666667);
  });

  it('changes the hashed result where the rules differ, so each certification must recompute by its own', () => {
    for (const s of SCENARIOS) expect(sha256(canonicalJson(resultsForHash(compute(s))))).not.toBe(s.v1Sha256);
  });

  it('refuses a version it does not know', () => {
    expect(() => compute(scenario('greyhound'), 4)).toThrow('results rules version 4 is not known to this version of Photofinish (it knows 1 to 3)');
  });
});
