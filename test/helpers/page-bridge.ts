/**
 * The real service and HTTP bridge in this process, with `fetch` given the bridge as the page's base URL, so the
 * renderer's own browser-mode transport runs in Node as on the page (Node has no document to resolve URLs against).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { vi } from 'vitest';
import { startBridge, type RunningBridge } from '../../app/bridge/server.js';
import { createService, type RunningService } from '../../app/service/create-service.js';

export interface PageBridge {
  running: RunningService;
  bridge: RunningBridge;
  /** The fetch the page's relative URLs were not given (for raw requests to the bridge). */
  realFetch: typeof fetch;
  close(): Promise<void>;
}

/** A bridge serving a stand-in renderer from `tmp/renderer`, the service's data in `dataDir`. */
export async function startPageBridge(tmp: string, dataDir: string): Promise<PageBridge> {
  await mkdir(path.join(tmp, 'renderer'), { recursive: true });
  await writeFile(path.join(tmp, 'renderer', 'index.html'), '<!doctype html>');
  const running = createService({ shell: 'browser', dataDir, startup: null });
  const bridge = await startBridge({ running, rendererDir: path.join(tmp, 'renderer') });
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, `${bridge.origin}/`), init));
  return {
    running,
    bridge,
    realFetch,
    async close() {
      vi.unstubAllGlobals();
      await bridge.close();
    },
  };
}
