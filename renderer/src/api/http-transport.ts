/**
 * The browser-mode transport: calls are `POST api/<method>` to the localhost bridge that served this page, events
 * arrive over its SSE stream, race files from `race-files/...`; every request carries the bearer token (given, or
 * still being traded for the page's launch code: requests wait for it).
 * URLs are relative so the page works wherever the bridge put it.
 */
import { BINARY_CONTENT_TYPE, encodeBinaryCall } from '../../../app/api/binary-body.js';
import { createApiClient, type RawOutcome } from '../../../app/api/client.js';
import { binarySpecOf, type ApiMethodName } from '../../../app/api/contract.js';
import { ApiCallError, isApiErrorShape } from '../../../app/api/errors.js';
import type { ApiEvent, ApiEventListener } from '../../../app/api/events.js';
import { raceFileUrl } from './desktop-bridge.js';
import { startEventStream } from './event-source.js';
import type { RendererApi } from './renderer-api.js';

const SIGNED_OUT = 'This tab is not signed in to Photofinish: open the address printed when Photofinish started (each address opens once).';

export function createHttpRendererApi(given: string | null | Promise<string | null>): RendererApi {
  let token: string | null = typeof given === 'string' ? given : null;
  const ready = Promise.resolve(given).then(
    (t) => void (token = t),
    () => undefined,
  );
  const headers = (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

  const api = createApiClient(async (name, args): Promise<RawOutcome> => {
    await ready;
    let res: Response;
    try {
      const { type, body } = requestBody(name, args);
      res = await fetch(`api/${encodeURIComponent(name)}`, { method: 'POST', headers: { 'Content-Type': type, ...headers() }, body });
    } catch {
      return { ok: false, error: { code: 'INTERNAL', message: 'Photofinish server is not reachable: is it still running?' } };
    }
    if (res.status === 401) return { ok: false, error: { code: 'FORBIDDEN', message: SIGNED_OUT } };
    const body: unknown = await res.json().catch(() => null);
    if (isOutcome(body)) return body;
    return { ok: false, error: { code: 'INTERNAL', message: `Photofinish server answered ${res.status} ${res.statusText}.` } };
  });

  const listeners = new Set<ApiEventListener>();
  let stop: (() => void) | null = null;
  const dispatch = (event: ApiEvent) => {
    for (const l of [...listeners]) {
      try {
        l(event);
      } catch {
        // One failing listener must not starve the others.
      }
    }
  };

  return {
    api,
    subscribe(listener) {
      listeners.add(listener);
      if (!stop) {
        // Opened once signed in; stopping before then means it is never opened.
        let inner: (() => void) | null = null;
        let stopped = false;
        void ready.then(() => {
          if (!stopped) inner = startEventStream({ url: 'api/events', headers, onEvent: dispatch });
        });
        stop = () => {
          stopped = true;
          inner?.();
        };
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stop) {
          stop();
          stop = null;
        }
      };
    },
    async fetchRaceFile(raceId, relativePath) {
      await ready;
      const res = await fetch(raceFileUrl(raceId, relativePath), { headers: headers() });
      if (res.status === 401) throw new ApiCallError({ code: 'FORBIDDEN', message: SIGNED_OUT });
      if (!res.ok) throw new ApiCallError({ code: res.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', message: `Race file ${relativePath}: ${res.status} ${res.statusText}` });
      return res.blob();
    },
    async downloadExport(raceId, name) {
      // The bridge's download route: the token in a header (never in the URL), the file sent as an attachment.
      const res = await fetch(`downloads/${encodeURIComponent(raceId)}/${encodeURIComponent(name)}`, { headers: headers() });
      if (res.status === 401) throw new ApiCallError({ code: 'FORBIDDEN', message: SIGNED_OUT });
      if (!res.ok) throw new ApiCallError({ code: res.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', message: `${name}: ${res.status} ${res.statusText}` });
      return res.blob();
    },
  };
}

/** JSON for every method; one octet-stream body for a method that carries bytes (a recorded frame). */
function requestBody(name: ApiMethodName, args: unknown): { type: string; body: string | Blob } {
  if (!binarySpecOf(name)) return { type: 'application/json', body: JSON.stringify(args ?? {}) };
  const { head, payload } = encodeBinaryCall((args ?? {}) as Record<string, unknown>);
  return { type: BINARY_CONTENT_TYPE, body: new Blob([head as Uint8Array<ArrayBuffer>, payload as Uint8Array<ArrayBuffer>]) };
}

function isOutcome(body: unknown): body is RawOutcome {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as { ok?: unknown; error?: unknown };
  return b.ok === true ? 'value' in b : b.ok === false && isApiErrorShape(b.error);
}
