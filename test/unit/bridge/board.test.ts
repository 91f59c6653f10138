/**
 * The board's read-only token: it opens `/board` and its stream and `getBoard` of the bridge's own meet; every
 * other API method (all of the contract, tried one by one), the workspace's event stream and race files refuse it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethodNames } from '../../../app/api/contract.js';
import { startBridge, type RunningBridge } from '../../../app/bridge/server.js';
import { createMeetSettings } from '../../../app/meet/meet-settings-file.js';
import { createService } from '../../../app/service/create-service.js';

let tmp: string;
let meetDir: string;
let bridge: RunningBridge;
let boardToken: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-board-'));
  const renderer = path.join(tmp, 'renderer');
  await mkdir(renderer, { recursive: true });
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>Photofinish</title>');
  meetDir = path.join(tmp, 'meet');
  const at = new Date().toISOString();
  boardToken = (await createMeetSettings(meetDir, { input: '.', output: 'out', lifPrecision: '0.01', feed: null, createdBy: 'R', createdAt: at, changedBy: 'R', changedAt: at })).boardToken;
  await mkdir(path.join(meetDir, 'out'));
  await writeFile(path.join(meetDir, 'out', '012-1-03.json'), JSON.stringify({ race: '012-1-03', publication: 'provisional', certified: false, finishers: [], others: [] }));
  const running = createService({ shell: 'browser', dataDir: path.join(tmp, 'data') });
  bridge = await startBridge({ running, rendererDir: renderer, meet: meetDir });
});

afterAll(async () => {
  await bridge?.close();
  await rm(tmp, { recursive: true, force: true });
});

const call = (name: string, body: unknown, token: string) =>
  fetch(`${bridge.origin}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

describe('the board token', () => {
  it('is not the official token', () => {
    expect(boardToken).not.toBe(bridge.token);
  });

  it('reads the board of its meet', async () => {
    const res = await call('getBoard', { path: meetDir }, boardToken);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { value: unknown }).value).toMatchObject({ race: '012-1-03', results: { publication: 'provisional' } });
  });

  it('is refused by every other method of the API, and by getBoard of another folder', async () => {
    const others = apiMethodNames.filter((n) => n !== 'getBoard');
    expect(others.length).toBeGreaterThan(40);
    const statuses = await Promise.all(others.map(async (n) => [n, (await call(n, { path: meetDir, raceId: 'x' }, boardToken)).status] as const));
    expect(statuses.filter(([, s]) => s !== 403)).toEqual([]);
    expect((await call('getBoard', { path: tmp }, boardToken)).status).toBe(403);
    // The official's token still works for all of them (a refusal above is the board token's, not the method's).
    expect((await call('getAppInfo', {}, bridge.token)).status).toBe(200);
  });

  it('cannot open the workspace event stream or race files; it opens the board stream', async () => {
    const auth = { Authorization: `Bearer ${boardToken}` };
    expect((await fetch(`${bridge.origin}/api/events`, { headers: auth })).status).toBe(403);
    expect((await fetch(`${bridge.origin}/race-files/x/race.json`, { headers: auth })).status).toBe(401);
    const ctl = new AbortController();
    const stream = await fetch(`${bridge.origin}/board/events`, { headers: auth, signal: ctl.signal });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('data: ')) text += new TextDecoder().decode((await reader.read()).value);
    ctl.abort();
    expect(text).toContain('"race":"012-1-03"');
    expect((await fetch(`${bridge.origin}/board/events`, { headers: { Authorization: 'Bearer wrongwrongwrongwrong' } })).status).toBe(401);
    const page = await fetch(`${bridge.origin}/board`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script src="/board/board.js" defer></script>');
  });
});
