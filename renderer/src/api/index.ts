/**
 * The renderer's only door to the engine: the typed API, pushed events, and race files (tiles, composite).
 * In the desktop app these go over the preload's contextBridge (`window.photofinish`); in browser mode over the
 * localhost bridge that served the page. Chosen once, at startup.
 */
import type { DesktopBridge } from './desktop-bridge.js';
import { signInBridge, tradeLaunchCode } from './bridge-token.js';
import { createHttpRendererApi } from './http-transport.js';
import { createIpcRendererApi } from './ipc-transport.js';
import type { RendererApi } from './renderer-api.js';

declare global {
  interface Window {
    /** Set by the desktop app's preload (app/electron/preload.ts); absent in browser mode. */
    photofinish?: DesktopBridge;
  }
}

export type { RendererApi } from './renderer-api.js';
export type RendererTransport = 'ipc' | 'http';

function chooseTransport(): { api: RendererApi; transport: RendererTransport } {
  if (typeof window !== 'undefined' && window.photofinish) return { api: createIpcRendererApi(window.photofinish), transport: 'ipc' };
  return { api: createHttpRendererApi(typeof window !== 'undefined' ? signInBridge(window, tradeLaunchCode) : null), transport: 'http' };
}

const chosen = chooseTransport();

export const rendererApi: RendererApi = chosen.api;
/** Which shell this page runs in: 'ipc' in the desktop app, 'http' in browser mode. */
export const rendererTransport: RendererTransport = chosen.transport;

export { raceFileUrl } from './desktop-bridge.js';
