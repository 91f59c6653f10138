/**
 * Builds a typed client for the whole API from any transport that can carry one call. The method table is
 * generated from `apiMethodNames`, so IPC, HTTP and in-process clients never list methods by hand.
 */
import { apiMethodNames, type ApiMethodName, type PhotofinishApi } from './contract.js';
import { ApiCallError, type ApiErrorShape } from './errors.js';

export type RawOutcome = { ok: true; value: unknown } | { ok: false; error: ApiErrorShape };
export type CallTransport = (name: ApiMethodName, args: unknown) => Promise<RawOutcome>;

export function createApiClient(transport: CallTransport): PhotofinishApi {
  const client: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const name of apiMethodNames) {
    client[name] = async (args: unknown) => {
      const outcome = await transport(name, args ?? {});
      if (!outcome.ok) throw new ApiCallError(outcome.error);
      return outcome.value;
    };
  }
  return client as unknown as PhotofinishApi;
}
