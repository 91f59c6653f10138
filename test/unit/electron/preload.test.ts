import { describe, expect, it, vi } from 'vitest';

// Electron is mocked only at this boundary: record what the preload exposes and what it sends.
const electron = vi.hoisted(() => {
  const exposed: Record<string, any> = {};
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  return {
    exposed,
    listeners,
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, args: unknown) => ({ ok: true, value: { channel, args } })),
      on: (channel: string, fn: (...a: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)!.add(fn);
      },
      removeListener: (channel: string, fn: (...a: unknown[]) => void) => listeners.get(channel)?.delete(fn),
    },
  };
});
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }));

const { apiMethodNames } = await import('../../../app/api/contract.js');
const { apiChannel, EVENT_CHANNEL } = await import('../../../app/electron/channels.js');
await import('../../../app/electron/preload.js');

describe('preload', () => {
  const bridge = electron.exposed.photofinish;

  it('exposes window.photofinish with one function per API method and nothing else', () => {
    expect(Object.keys(electron.exposed)).toEqual(['photofinish']);
    expect(Object.keys(bridge).sort()).toEqual(['api', 'onEvent']);
    expect(Object.keys(bridge.api).sort()).toEqual([...apiMethodNames].sort());
    for (const fn of Object.values(bridge.api)) expect(typeof fn).toBe('function');
    expect(Object.isFrozen(bridge.api)).toBe(true);
    expect(JSON.stringify(Object.keys(bridge))).not.toMatch(/ipc|send|invoke/i);
  });

  it("calls go to the method's own channel with the arguments as given", async () => {
    const outcome = await bridge.api.getAppInfo({ x: 1 });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(apiChannel('getAppInfo'), { x: 1 });
    expect(outcome).toEqual({ ok: true, value: { channel: apiChannel('getAppInfo'), args: { x: 1 } } });
    await bridge.api.listRecentRaces(undefined);
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(apiChannel('listRecentRaces'), {});
  });

  it('delivers events without the IPC event object, and unsubscribes', () => {
    const seen: unknown[] = [];
    const off = bridge.onEvent((e: unknown) => seen.push(e));
    const [listener] = electron.listeners.get(EVENT_CHANNEL)!;
    const ipcEvent = { sender: { secret: true } };
    listener!(ipcEvent, { type: 'menu', action: 'undo' });
    expect(seen).toEqual([{ type: 'menu', action: 'undo' }]);
    off();
    expect(electron.listeners.get(EVENT_CHANNEL)!.size).toBe(0);
    expect(() => bridge.onEvent('not a function')).toThrow(TypeError);
  });
});
