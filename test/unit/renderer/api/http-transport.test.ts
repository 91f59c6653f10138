/**
 * The renderer's browser-mode transport against the real bridge: the same client code the page runs, with only
 * `fetch` given the page's base URL (Node has no document to resolve relative URLs against).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../../app/api/errors.js';
import type { ApiEvent } from '../../../../app/api/events.js';
import type { RunningBridge } from '../../../../app/bridge/server.js';
import type { RunningService } from '../../../../app/service/create-service.js';
import { signInBridge, takeBridgeToken, tradeLaunchCode } from '../../../../renderer/src/api/bridge-token.js';
import { readMessages } from '../../../../renderer/src/api/event-source.js';
import { createHttpRendererApi } from '../../../../renderer/src/api/http-transport.js';
import { createIpcRendererApi } from '../../../../renderer/src/api/ipc-transport.js';
import { raceFileUrl } from '../../../../renderer/src/api/desktop-bridge.js';
import { startPageBridge, type PageBridge } from '../../../helpers/page-bridge.js';

let tmp: string;
let page: PageBridge;
let running: RunningService;
let bridge: RunningBridge;
let raceId: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-rt-'));
  await mkdir(path.join(tmp, 'race', 'tiles', '0'), { recursive: true });
  await writeFile(path.join(tmp, 'race', 'tiles', '0', 'a b.png'), 'PNGDATA');
  page = await startPageBridge(tmp, tmp);
  ({ running, bridge } = page);
  raceId = await running.context.races.register(path.join(tmp, 'race'));
});
afterAll(async () => {
  await page.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('browser-mode renderer transport', () => {
  it('calls the API, and turns errors into ApiCallError with the code', async () => {
    const client = createHttpRendererApi(bridge.token);
    expect(await client.api.getAppInfo({})).toMatchObject({ shell: 'browser', startup: null });
    const err = await client.api.closeRace({ raceId: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect((err as ApiCallError).code).toBe('INVALID_ARGUMENT');
  });

  it('says how to sign in when the token is missing or wrong', async () => {
    const err = await createHttpRendererApi('wrong-token-wrong-token').api.getAppInfo({}).catch((e: unknown) => e);
    expect((err as ApiCallError).message).toMatch(/not signed in.*printed when Photofinish started/);
    await expect(createHttpRendererApi(null).fetchRaceFile(raceId, 'tiles/0/a b.png')).rejects.toThrow(/not signed in/);
  });

  it('fetches race files with the bearer header, encoding each path segment', async () => {
    expect(raceFileUrl(raceId, 'tiles/0/a b.png')).toBe(`race-files/${raceId}/tiles/0/a%20b.png`);
    const blob = await createHttpRendererApi(bridge.token).fetchRaceFile(raceId, 'tiles/0/a b.png');
    expect(await blob.text()).toBe('PNGDATA');
    await expect(createHttpRendererApi(bridge.token).fetchRaceFile(raceId, '../secret')).rejects.toThrow();
  });

  it('receives service events over the event stream, and stops when the last listener leaves', async () => {
    const client = createHttpRendererApi(bridge.token);
    const seen: ApiEvent[] = [];
    const off = client.subscribe((e) => seen.push(e));
    const event: ApiEvent = { type: 'job-progress', jobId: 'j1', phase: 'sampling', done: 5, total: 10, rate: 100, etaS: 0.05 };
    for (let i = 0; i < 50 && seen.length === 0; i++) {
      running.context.emit(event);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen[0]).toEqual(event);
    off();
  });
});

describe('event stream parsing', () => {
  it('joins multi-line data, skips comments and malformed messages, handles CRLF and split chunks', async () => {
    const text = ': hello\r\n\r\nretry: 2000\n\ndata: {"type":"race-changed",\ndata: "raceId":"r","revision":1,"auditCount":2}\n\ndata: not json\n\ndata: {"type":"menu","action":"undo"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 7) c.enqueue(bytes.slice(i, i + 7));
        c.close();
      },
    });
    const seen: unknown[] = [];
    await readMessages(stream, (e) => seen.push(e));
    expect(seen).toEqual([
      { type: 'race-changed', raceId: 'r', revision: 1, auditCount: 2 },
      { type: 'menu', action: 'undo' },
    ]);
  });
});

describe('sign-in token', () => {
  function fakeWindow(href: string) {
    const url = new URL(href);
    const store = new Map<string, string>();
    const win = {
      location: url,
      history: { state: null, replaceState: (_s: unknown, _t: string, next: string) => void (win.location = new URL(next, url)) },
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    };
    return win;
  }

  it('moves the token from the URL fragment into session storage and clears it from the address bar', () => {
    const win = fakeWindow('http://127.0.0.1:5000/#token=abcDEF_123-xyz');
    expect(takeBridgeToken(win)).toBe('abcDEF_123-xyz');
    expect(win.location.href).toBe('http://127.0.0.1:5000/');
    expect(takeBridgeToken(win)).toBe('abcDEF_123-xyz');
  });

  it('has no token when the page was opened without one', () => {
    expect(takeBridgeToken(fakeWindow('http://127.0.0.1:5000/'))).toBeNull();
  });

  it('trades a launch code once for the token; the same address in a second browser is refused', async () => {
    const address = bridge.launchUrl();
    expect(address).toMatch(/#code=[A-Za-z0-9_-]{32}$/);
    expect(address).not.toContain(bridge.token);
    const first = fakeWindow(address);
    const token = await signInBridge(first, tradeLaunchCode);
    expect(token).toBe(bridge.token);
    expect(first.location.href).toBe(`${bridge.origin}/`);
    // The page works with what it traded, events included.
    expect(await createHttpRendererApi(signInBridge(first, tradeLaunchCode)).api.getAppInfo({})).toMatchObject({ shell: 'browser' });
    // Another browser (its own session storage) with the same address: the code is dead.
    const second = fakeWindow(address);
    expect(await signInBridge(second, tradeLaunchCode)).toBeNull();
    await expect(createHttpRendererApi(signInBridge(fakeWindow(address), tradeLaunchCode)).api.getAppInfo({})).rejects.toThrow(/not signed in/);
    // A reload of the first tab with the dead address keeps its session.
    first.location = new URL(address);
    expect(await signInBridge(first, tradeLaunchCode)).toBe(bridge.token);
  });
});

describe('desktop renderer transport', () => {
  it('calls through the preload bridge and rebuilds typed errors', async () => {
    const calls: unknown[] = [];
    const client = createIpcRendererApi({
      api: {
        getAppInfo: async (args) => (calls.push(args), { ok: true, value: { shell: 'electron' } }),
        closeRace: async () => ({ ok: false, error: { code: 'FORBIDDEN', message: 'Call refused' } }),
      },
      onEvent: () => () => {},
    });
    expect(await client.api.getAppInfo({})).toEqual({ shell: 'electron' });
    expect(calls).toEqual([{}]);
    await expect(client.api.closeRace({ raceId: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Call refused' });
  });
});
