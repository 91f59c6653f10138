/**
 * The start area of the API, as the workspace calls it: find the signal (with the waveform or the flash frames for
 * the official to check), then confirm it; arguments checked at the boundary; one `race-changed` per change.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../../app/api/events.js';
import { dispatchCall } from '../../../app/api/dispatch.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';
import { buildRequest } from '../../../app/api/methods/build.js';
import { createService, type RunningService } from '../../../app/service/create-service.js';
import { makeStartClip } from '../../helpers/start-clips.js';

let tmp: string;
let running: RunningService;
let raceId: string;
const events: ApiEvent[] = [];

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-start-service-'));
  const video = await makeStartClip(tmp, 'heat', { container: 'mp4-aac', burstS: 0.8765432, flashS: 0.8765432, fps: 100, durationS: 2 });
  const out = path.join(tmp, 'heat.race');
  await buildRace(buildRequest.parse({ source: video, out, line: { kind: 'column', x: 32 }, sport: 'athletics' }), { actor: 'test' });
  running = createService({ shell: 'browser', dataDir: path.join(tmp, 'data') });
  running.subscribe((e) => events.push(e));
  raceId = (await running.service.openRace({ path: out })).raceId;
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('start through the API', () => {
  it('finds the report with the sound around it, without changing the race', async () => {
    const p = await running.service.findStart({ raceId, method: 'audio', distanceM: '50' });
    expect(p.method).toBe('audio');
    expect(Math.abs((p.audio?.onset_s ?? 0) - Math.ceil(0.8765432 * 48000) / 48000)).toBeLessThanOrEqual(0.0002);
    expect(p.audio?.waveform.peaks).toHaveLength(600);
    // Quiet before the onset (the first quarter second), loud right after it.
    const peaks = p.audio?.waveform.peaks ?? [];
    expect(Math.max(...peaks.slice(0, 190))).toBeLessThan(0.02);
    expect(Math.max(...peaks.slice(200, 210))).toBeGreaterThan(0.5);
    expect(p.start).toMatchObject({ method: 'audio', distance_m: 50, temperature_c: 20, sound_delay_s: 0.145681439, by: null });
    expect(events).toEqual([]);
  });

  it('finds the flash frame and the one before it as composite columns', async () => {
    const p = await running.service.findStart({ raceId, method: 'flash' });
    expect(p.flash).toMatchObject({ frame: 88, column_before: 87, column_flash: 88, time_before_ns: '870000000', time_flash_ns: '880000000' });
    expect(p.start).toMatchObject({ method: 'flash', time_ns: '875000000', uncertainty_s: 0.005 });
    expect(p.flash?.around.length).toBe(30);
  });

  it('confirms a start (one audited change, one event) and checks its arguments at the boundary', async () => {
    const view = await running.service.setStart({ raceId, method: 'flash', by: 'Starter' });
    expect(view.results.start).toMatchObject({ method: 'flash', time_ns: '875000000', by: 'Starter' });
    expect(events).toEqual([{ type: 'race-changed', raceId, revision: 1, auditCount: 2 }]);
    expect(await dispatchCall(running.service, 'setStart', { raceId, method: 'typed', by: 'X' })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(await dispatchCall(running.service, 'setStart', { raceId, method: 'flash', distanceM: '100', by: 'X' })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    await expect(running.service.findStart({ raceId, method: 'audio', distanceM: '-3' })).rejects.toThrow('distance -3 m: must not be negative');
  });
});
