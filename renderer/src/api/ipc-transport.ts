/**
 * The desktop transport: calls go through the preload's context bridge (one function per API method), events come
 * from the main process over IPC, and race files from the `app://photofinish/race-files/` protocol route.
 */
import { createApiClient } from '../../../app/api/client.js';
import { ApiCallError } from '../../../app/api/errors.js';
import type { ApiEventListener } from '../../../app/api/events.js';
import { raceFileUrl, type DesktopBridge } from './desktop-bridge.js';
import type { RendererApi } from './renderer-api.js';

export function createIpcRendererApi(bridge: DesktopBridge): RendererApi {
  const api = createApiClient(async (name, args) => {
    const fn = bridge.api[name];
    if (typeof fn !== 'function') return { ok: false, error: { code: 'NOT_FOUND', message: `No such method: ${name}` } };
    return fn(args);
  });
  return {
    api,
    subscribe(listener: ApiEventListener) {
      return bridge.onEvent(listener);
    },
    async fetchRaceFile(raceId, relativePath) {
      const res = await fetch(raceFileUrl(raceId, relativePath));
      if (!res.ok) throw new ApiCallError({ code: res.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', message: `Race file ${relativePath}: ${res.status} ${res.statusText}` });
      return res.blob();
    },
    downloadExport(raceId, name) {
      return this.fetchRaceFile(raceId, `exports/${name}`);
    },
  };
}
