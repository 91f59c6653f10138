import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// Electron is mocked only here, at the shell boundary: a stand-in ipcMain that records its handlers.
const electron = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>();
  return {
    handlers,
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, args: unknown) => Promise<unknown>) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, fn);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
  };
});
vi.mock('electron', () => ({ ipcMain: electron.ipcMain }));

const { apiMethodNames } = await import('../../../app/api/contract.js');
const { apiChannel, API_CHANNEL_PREFIX, EVENT_CHANNEL } = await import('../../../app/electron/channels.js');
const { registerIpc } = await import('../../../app/electron/ipc.js');
const { createService } = await import('../../../app/service/create-service.js');

/** A stand-in for the app window's web contents and its frames. */
function fakeContents(url = 'app://photofinish/index.html') {
  const sent: unknown[][] = [];
  const contents = {
    destroyed: false,
    isDestroyed() {
      return this.destroyed;
    },
    send: (...args: unknown[]) => sent.push(args),
    mainFrame: { url, parent: null, processId: 4, routingId: 1 } as { url: string; parent: unknown; processId: number; routingId: number },
    sent,
  };
  return contents;
}
const eventFrom = (sender: unknown, senderFrame: unknown) => ({ sender, senderFrame });

let tmp: string;
let running: ReturnType<typeof createService>;
let own: ReturnType<typeof fakeContents>;
let dispose: () => void;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-ipc-'));
  running = createService({ shell: 'electron', dataDir: tmp, startup: { kind: 'demo' } });
  own = fakeContents();
  dispose = registerIpc({ running, getWebContents: () => own as never });
});
afterAll(async () => {
  dispose();
  await rm(tmp, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

const invoke = (name: string, event: unknown, args: unknown) => {
  const handler = electron.handlers.get(apiChannel(name));
  if (!handler) throw new Error(`no handler for ${name}`);
  return handler(event, args) as Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;
};

describe('IPC transport (main side)', () => {
  it('registers exactly one handler per API method, generated from the list', () => {
    const channels = [...electron.handlers.keys()].filter((c) => c.startsWith(API_CHANNEL_PREFIX));
    expect(channels.sort()).toEqual(apiMethodNames.map(apiChannel).sort());
    expect(apiMethodNames.length).toBeGreaterThan(20);
  });

  it("answers a call from the app's own window, main frame, app:// origin", async () => {
    const outcome = await invoke('getAppInfo', eventFrom(own, own.mainFrame), {});
    expect(outcome.ok).toBe(true);
    // The same frame seen through a rebuilt wrapper object.
    const same = { url: own.mainFrame.url, parent: null, processId: 4, routingId: 1 };
    expect((await invoke('getAppInfo', eventFrom(own, same), {})).ok).toBe(true);
    expect(outcome.value).toMatchObject({ shell: 'electron', startup: { kind: 'demo' } });
  });

  it('refuses calls from another web contents, a subframe, or a foreign origin, before the service runs', async () => {
    const spy = vi.spyOn(running.service, 'getAppInfo');
    const stranger = fakeContents();
    const subframe = { url: 'app://photofinish/index.html', parent: own.mainFrame };
    const foreignOwn = fakeContents('https://evil.example/');
    const cases = [
      ['other web contents', eventFrom(stranger, stranger.mainFrame)],
      ['subframe', eventFrom(own, subframe)],
      ['no frame', eventFrom(own, null)],
      ['another top-level frame in the same contents', eventFrom(own, { url: 'app://photofinish/index.html', parent: null, processId: 4, routingId: 2 })],
      ['file:// page', eventFrom(own, { url: 'file:///tmp/x.html', parent: null })],
    ] as const;
    for (const [label, event] of cases) {
      const outcome = await invoke('getAppInfo', event, {});
      expect(outcome.ok, label).toBe(false);
      expect(outcome.error?.code, label).toBe('FORBIDDEN');
    }
    // The window itself navigated to a foreign origin (navigation is denied, but the check must not rely on it).
    const saved = own.mainFrame.url;
    own.mainFrame.url = foreignOwn.mainFrame.url;
    expect((await invoke('getAppInfo', eventFrom(own, own.mainFrame), {})).ok).toBe(false);
    own.mainFrame.url = saved;
    expect(spy).not.toHaveBeenCalled();
  });

  it('rejects arguments that fail the schema before the service runs', async () => {
    const spy = vi.spyOn(running.service, 'closeRace');
    const outcome = await invoke('closeRace', eventFrom(own, own.mainFrame), { raceId: 42 });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(outcome.error?.message).toMatch(/raceId/);
    expect(spy).not.toHaveBeenCalled();
    const pick = await invoke('pickPath', eventFrom(own, own.mainFrame), { purpose: 'rm -rf' });
    expect(pick).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('returns service failures as the typed error shape', async () => {
    const outcome = await invoke('getRace', eventFrom(own, own.mainFrame), { raceId: 'nope' });
    expect(outcome.ok).toBe(false);
    expect(typeof outcome.error?.code).toBe('string');
    expect(typeof outcome.error?.message).toBe('string');
  });

  it('forwards service events to the window, and not to a destroyed one', () => {
    running.context.emit({ type: 'race-changed', raceId: 'r1', revision: 3, auditCount: 4 });
    expect(own.sent).toEqual([[EVENT_CHANNEL, { type: 'race-changed', raceId: 'r1', revision: 3, auditCount: 4 }]]);
    own.destroyed = true;
    running.context.emit({ type: 'race-changed', raceId: 'r1', revision: 4, auditCount: 5 });
    expect(own.sent).toHaveLength(1);
    own.destroyed = false;
  });

  it('removes every handler when disposed', () => {
    const extra = createService({ shell: 'electron', dataDir: tmp });
    const before = electron.handlers.size;
    dispose();
    expect(electron.handlers.size).toBe(before - apiMethodNames.length);
    dispose = registerIpc({ running: extra, getWebContents: () => null });
    expect(electron.handlers.size).toBe(before);
  });
});
