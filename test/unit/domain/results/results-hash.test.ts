/**
 * Certification hashes the result and `verify` recomputes it: a race certified before competitors had statuses
 * must still verify. Its unplaced competitors were listed among the finishers without a place; the hashed form
 * keeps exactly that shape while nobody has a status (checked once against the earlier code: the same hash for
 * every sport with unmarked, typed and dead-heated competitors).
 */
import { describe, expect, it } from 'vitest';
import type { Mark, RaceDocument } from '../../../../app/domain/race/document.js';
import { computeResults, resultsForHash } from '../../../../app/domain/results/compute-results.js';

const times = Array.from({ length: 100 }, (_, c) => BigInt(c) * 1_000_000n);
const competitors = [
  { id: '1', name: 'Ann', team: 'Club', lane: '1' },
  { id: '2', name: 'Bo', lane: '2' },
];
const mark: Mark = { competitorId: '1', position: { kind: 'column', milliColumn: 10_500 }, origin: 'image', by: 'J', at: 'x' };
const doc: Pick<RaceDocument, 'settings' | 'competitors' | 'marks' | 'deadHeats' | 'revision'> = {
  settings: { sport: { sport: 'motorsport' }, direction: 'ltr' },
  competitors,
  marks: [mark],
  deadHeats: [],
  revision: 1,
};

describe('the hashed result', () => {
  it('keeps the shape earlier certifications were hashed in while nobody has a status', () => {
    const hashed = resultsForHash(computeResults({ doc, times, gaps: [] })) as { finishers: unknown[]; others?: unknown };
    expect(hashed.others).toBeUndefined();
    expect(hashed.finishers[1]).toEqual({
      place: null, competitor: '2', name: 'Bo', lane: '2', time_s: null, time_ns: null, time_display: '', behind_winner_s: null,
      behind_previous_s: null, margin_display: '', resolution_s: null, dead_heat: false, typed: false, suggested: false,
    });
  });

  it('hashes statuses once there are any, so a changed DNS/DNF/DQ no longer matches the certification', () => {
    const dns = { ...doc, statuses: [{ competitorId: '2', status: 'DNS' as const, by: 'R', at: 'y' }] };
    const dnf = { ...doc, statuses: [{ competitorId: '2', status: 'DNF' as const, by: 'R', at: 'y' }] };
    const a = resultsForHash(computeResults({ doc: dns, times, gaps: [] })) as { finishers: unknown[]; others: { status: string }[] };
    expect(a.finishers).toHaveLength(1);
    expect(a.others.map((o) => o.status)).toEqual(['DNS']);
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(resultsForHash(computeResults({ doc: dnf, times, gaps: [] }))));
  });
});
