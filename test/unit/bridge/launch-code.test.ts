/** The bridge's one-time launch codes (issue 21 item 9): a code opens once, and not after its time. */
import { describe, expect, it } from 'vitest';
import { createLaunchCodes, LAUNCH_CODE_TTL_MS } from '../../../app/bridge/auth.js';

describe('launch codes', () => {
  it('are redeemed once, never twice, never when unknown or expired', () => {
    let now = 1_000;
    const codes = createLaunchCodes(LAUNCH_CODE_TTL_MS, () => now);
    const a = codes.issue();
    const b = codes.issue();
    expect(a).not.toBe(b);
    expect(codes.redeem(a)).toBe(true);
    expect(codes.redeem(a)).toBe(false);
    expect(codes.redeem('made-up-code')).toBe(false);
    now += LAUNCH_CODE_TTL_MS + 1;
    expect(codes.redeem(b)).toBe(false);
  });
});
