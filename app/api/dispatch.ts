/**
 * The one place a call enters the service from outside (IPC, HTTP bridge, CLI): the method name is checked
 * against the contract's own keys, the arguments are validated by its zod schema before the service runs, and
 * any failure becomes the single `ApiErrorShape`. Transports stay generic: they never name a method.
 */
import { isApiMethodName, parseApiArgs, type PhotofinishService } from './contract.js';
import { toApiError, type ApiErrorShape } from './errors.js';

export type CallOutcome = { ok: true; value: unknown } | { ok: false; error: ApiErrorShape };

/**
 * `onUnexpected` hears every failure that is not the user's to fix (an INTERNAL error), with the original error and
 * its stack, before it becomes one plain line: the transports pass the log's `logUnexpected` (the api layer itself
 * does no I/O).
 */
export async function dispatchCall(
  service: PhotofinishService,
  name: unknown,
  rawArgs: unknown,
  onUnexpected?: (err: unknown, method: string) => void,
): Promise<CallOutcome> {
  if (!isApiMethodName(name)) return { ok: false, error: { code: 'NOT_FOUND', message: `No such method: ${String(name).slice(0, 80)}` } };
  try {
    const args = parseApiArgs(name, rawArgs);
    const fn = service[name] as (a: unknown) => Promise<unknown>;
    const value = await fn.call(service, args);
    return { ok: true, value: value ?? null };
  } catch (err) {
    const error = toApiError(err);
    if (error.code === 'INTERNAL') onUnexpected?.(err, name);
    return { ok: false, error };
  }
}
