/** A typed start in athletics is not fully automatic timing (issue 20): the check `start-not-automatic`. */
import { describe, expect, it } from 'vitest';
import { startChecks } from '../../../../app/domain/start/start-checks.js';
import type { StartRecord } from '../../../../app/domain/start/start-record.js';

const typed: StartRecord = { method: 'typed', zeroNs: '500000000', uncertaintyNs: '0', by: 'Starter', at: '2026-06-14T12:00:00Z' };
const codes = (sport: 'athletics' | 'motorsport', start: StartRecord) => startChecks({ settings: { sport: { sport }, direction: 'ltr' }, start }).map((c) => c.code);

describe('start checks', () => {
  it('warns start-not-automatic for a typed start in athletics, not in motorsport or for a start from the gun', () => {
    expect(codes('athletics', typed)).toContain('start-not-automatic');
    expect(startChecks({ settings: { sport: { sport: 'athletics' }, direction: 'ltr' }, start: typed }).find((c) => c.code === 'start-not-automatic')).toMatchObject({
      severity: 'warning',
      message: 'Athletics: time zero was typed in, not taken from the start signal: not fully automatic timing.',
    });
    expect(codes('motorsport', typed)).not.toContain('start-not-automatic');
    expect(codes('athletics', { ...typed, method: 'flash' })).not.toContain('start-not-automatic');
  });
});
