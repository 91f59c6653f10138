/**
 * The desktop preload (sandboxed, bundled to one CommonJS file because sandboxed preloads cannot import modules).
 * It exposes `window.photofinish = { api: { <one function per method> }, onEvent(cb) }` through the context
 * bridge and never `ipcRenderer` itself: the page can make exactly the API's calls and nothing else.
 * The shape is `DesktopBridge` in renderer/src/api/desktop-bridge.ts.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { RawOutcome } from '../api/client.js';
import { apiMethodNames } from '../api/contract.js';
import type { ApiEvent } from '../api/events.js';
import { apiChannel, EVENT_CHANNEL } from './channels.js';

const api: Record<string, (args: unknown) => Promise<RawOutcome>> = {};
for (const name of apiMethodNames) {
  const channel = apiChannel(name);
  api[name] = (args: unknown) => ipcRenderer.invoke(channel, args ?? {}) as Promise<RawOutcome>;
}

contextBridge.exposeInMainWorld('photofinish', {
  api: Object.freeze(api),
  onEvent(callback: (event: ApiEvent) => void): () => void {
    if (typeof callback !== 'function') throw new TypeError('onEvent needs a function');
    // The IPC event object (which carries `sender`) is never handed to the page.
    const listener = (_event: IpcRendererEvent, data: ApiEvent) => callback(data);
    ipcRenderer.on(EVENT_CHANNEL, listener);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, listener);
    };
  },
});
