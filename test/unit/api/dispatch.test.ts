import { describe, expect, it, vi } from 'vitest';
import { apiContract, apiMethodNames, isApiMethodName, type PhotofinishService } from '../../../app/api/contract.js';
import { dispatchCall } from '../../../app/api/dispatch.js';
import { createApiClient } from '../../../app/api/client.js';
import { ApiCallError, UserError } from '../../../app/api/errors.js';

/** A service whose every method records its (parsed) arguments. */
function recordingService() {
  const calls: { name: string; args: unknown }[] = [];
  const service = Object.fromEntries(
    apiMethodNames.map((name) => [name, vi.fn(async (args: unknown) => { calls.push({ name, args }); return { echoed: name }; })]),
  ) as unknown as PhotofinishService;
  return { service, calls };
}

describe('the API contract', () => {
  it('lists every method with an argument schema', () => {
    expect(apiMethodNames.length).toBeGreaterThan(20);
    for (const name of apiMethodNames) expect(typeof apiContract[name].args.parse).toBe('function');
  });

  it('never treats prototype names as methods', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', 42, null]) {
      expect(isApiMethodName(name)).toBe(false);
    }
  });
});

describe('dispatchCall', () => {
  it('refuses unknown and prototype method names without touching the service', async () => {
    const { service, calls } = recordingService();
    for (const name of ['__proto__', 'constructor', 'nope']) {
      const out = await dispatchCall(service, name, {});
      expect(out).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('No such method') } });
    }
    expect(calls).toHaveLength(0);
  });

  it('rejects arguments that fail the schema before the service runs', async () => {
    const { service, calls } = recordingService();
    const out = await dispatchCall(service, 'placeMark', { raceId: 'r1', competitorId: '7', column: -3, by: 'Judge' });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.code).toBe('INVALID_ARGUMENT');
    const both = await dispatchCall(service, 'placeMark', { raceId: 'r1', competitorId: '7', column: 3, timeS: '1.2', by: 'J' });
    expect(both.ok).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('passes parsed, defaulted arguments to the service', async () => {
    const { service, calls } = recordingService();
    const out = await dispatchCall(service, 'certify', { raceId: 'r1', official: '  Ann Judge ' });
    expect(out).toEqual({ ok: true, value: { echoed: 'certify' } });
    expect(calls[0]?.args).toEqual({ raceId: 'r1', official: 'Ann Judge', role: 'Chief photo-finish judge' });
  });

  it('turns a UserError into its message and an unexpected error into a one-line internal error', async () => {
    const { service } = recordingService();
    (service as unknown as Record<string, unknown>).getRace = async () => { throw new UserError('race.json: not a race document'); };
    (service as unknown as Record<string, unknown>).getResults = async () => { throw new Error('boom\n    at secret (file.ts:1)'); };
    expect(await dispatchCall(service, 'getRace', { raceId: 'x' })).toEqual({ ok: false, error: { code: 'USER_ERROR', message: 'race.json: not a race document' } });
    const internal = await dispatchCall(service, 'getResults', { raceId: 'x' });
    expect(internal).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Internal error: boom' } });
  });

  it('gives clients a typed error they can catch', async () => {
    const { service } = recordingService();
    const api = createApiClient((name, args) => dispatchCall(service, name, args));
    await expect(api.openRace({ path: '' })).rejects.toBeInstanceOf(ApiCallError);
    await expect(api.getAppInfo({})).resolves.toEqual({ echoed: 'getAppInfo' });
  });
});
