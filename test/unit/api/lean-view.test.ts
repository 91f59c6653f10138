/**
 * Issue 26 item 4: what a change returns over the API does not grow with the footage. On a 10,000-frame race a mark
 * returned 1.5 MB (every source frame's path and hash, every column's time and frame); the view now carries what the
 * workspace shows, at most 50 KB, and the evidence's details come whole from their own calls, exactly as written.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api/client.js';
import { startBridge } from '../../../app/bridge/server.js';
import { dispatchCall } from '../../../app/api/dispatch.js';
import { RACE_LAYOUT, evidenceManifest, timesFile } from '../../../app/domain/race/evidence.js';
import { createService } from '../../../app/service/create-service.js';
import { writeLongRace } from '../../helpers/long-race.js';

const COLUMNS = 10_000;
const LIMIT = 50 * 1024;

let root: string;
let race: string;
/** The bytes each call's outcome takes as JSON, the way the bridge and IPC carry it. */
const sizes = new Map<string, number>();
let api: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-lean-view-'));
  race = path.join(root, 'long.race');
  await writeLongRace(race, { columns: COLUMNS, sourceFrames: true });
  const { service } = createService({ shell: 'cli', dataDir: path.join(root, 'data') });
  api = createApiClient(async (name, args) => {
    const outcome = await dispatchCall(service, name, args);
    sizes.set(name, Buffer.byteLength(JSON.stringify(outcome)));
    return outcome;
  });
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('the race view on a 10,000-frame race', () => {
  it('is at most 50 KB after opening and after each change, and names no source file', async () => {
    const opened = await api.openRace({ path: race });
    expect(sizes.get('openRace')).toBeLessThanOrEqual(LIMIT);
    const marked = await api.placeMark({ raceId: opened.raceId, competitorId: '1', column: 5000.5, by: 'A. Judge' });
    console.log(`lean view: openRace ${sizes.get('openRace')} bytes, placeMark ${sizes.get('placeMark')} bytes at ${COLUMNS} frames`);
    expect(sizes.get('placeMark')).toBeLessThanOrEqual(LIMIT);
    await api.placeMark({ raceId: opened.raceId, competitorId: '2', column: 5100, by: 'A. Judge' });
    expect(sizes.get('placeMark')).toBeLessThanOrEqual(LIMIT);
    await api.undo({ raceId: opened.raceId, by: 'A. Judge' });
    expect(sizes.get('undo')).toBeLessThanOrEqual(LIMIT);
    // What the workspace draws and reads is there: size, tiles, gaps, rate, the mark and its result.
    expect(marked.evidence).toMatchObject({ columns: COLUMNS, rows: 240, source: { kind: 'frames', frameCount: COLUMNS }, gaps: [{ afterColumn: 9972 }] });
    expect(marked.results.finishers[0]).toMatchObject({ competitor: '1', time_ns: '15000500000' });
    expect(JSON.stringify(marked)).not.toContain('frame_000001.jpg');
  });

  it('gives the manifest and the column times whole and exact from their own calls', async () => {
    const { raceId } = await api.openRace({ path: race });
    const manifest = await api.getEvidence({ raceId });
    expect(manifest).toEqual(evidenceManifest.parse(JSON.parse(await fs.readFile(path.join(race, RACE_LAYOUT.manifest), 'utf8'))));
    expect(manifest.source.files).toHaveLength(COLUMNS);
    const times = await api.getColumnTimes({ raceId });
    const onDisk = timesFile.parse(JSON.parse(await fs.readFile(path.join(race, RACE_LAYOUT.times), 'utf8')));
    expect(times.timesNs).toEqual(onDisk.timesNs);
    expect(times.frames).toEqual(onDisk.frames);
    expect(times.sha256).toBe(manifest.times.sha256);
    expect((await api.getRace({ raceId })).evidence.timesSha256).toBe(manifest.times.sha256);
    console.log(`once per race: getEvidence ${sizes.get('getEvidence')} bytes, getColumnTimes ${sizes.get('getColumnTimes')} bytes at ${COLUMNS} frames`);
  });

  it('refuses the evidence of a race that is not open, as every race call does', async () => {
    await expect(api.getEvidence({ raceId: 'not-open' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.getColumnTimes({ raceId: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('over the HTTP bridge (what the browser workspace receives)', () => {
  it('a mark answers in at most 50 KB, and the evidence calls check their arguments like every method', async () => {
    const rendererDir = path.join(root, 'renderer');
    await fs.mkdir(rendererDir, { recursive: true });
    await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Photofinish</title>');
    const running = createService({ shell: 'browser', dataDir: path.join(root, 'data-http') });
    const bridge = await startBridge({ running, rendererDir });
    const call = async (name: string, body: unknown) => {
      const res = await fetch(`${bridge.origin}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bridge.token}` }, body: JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as { ok: boolean; value: { raceId: string; timesNs: string[] }; error: { code: string } } };
    };
    try {
      const opened = await call('openRace', { path: race });
      expect(opened.status).toBe(200);
      const raceId = opened.body.value.raceId;
      const marked = await call('placeMark', { raceId, competitorId: '3', column: 7000, by: 'A. Judge' });
      expect(marked.status).toBe(200);
      expect(marked.bytes).toBeLessThanOrEqual(LIMIT);
      const times = await call('getColumnTimes', { raceId });
      expect(times.body.value.timesNs[7000]).toBe('17000000000');
      for (const [name, args] of [
        ['getColumnTimes', {}],
        ['getEvidence', { raceId: 7 }],
      ] as const) {
        const refused = await call(name, args);
        expect(refused.status).toBe(400);
        expect(refused.body.error.code).toBe('INVALID_ARGUMENT');
      }
    } finally {
      await bridge.close();
    }
  });
});
