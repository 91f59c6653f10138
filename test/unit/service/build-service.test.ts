/** The build as the desktop app drives it: a job with progress events, cancel, and source frames for the inspector. */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api/client.js';
import { dispatchCall } from '../../../app/api/dispatch.js';
import type { ApiEvent } from '../../../app/api/events.js';
import { buildRequest } from '../../../app/api/methods/build.js';
import { CancelledError } from '../../../app/domain/errors.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';
import { createService } from '../../../app/service/create-service.js';
import { encodeFrame, framePixels, writeFrames } from '../../fixtures/synthetic-frames.js';

let tmp: string;
let frames: string;
const spec = { width: 20, height: 12, frames: 40 };

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-service-'));
  frames = path.join(tmp, 'frames');
  await writeFrames(frames, spec);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function startService() {
  const running = createService({ shell: 'cli', dataDir: path.join(tmp, 'data') });
  const api = createApiClient((m, a) => dispatchCall(running.service, m, a));
  const events: ApiEvent[] = [];
  running.subscribe((e) => events.push(e));
  const finished = (jobId: string) =>
    new Promise<Extract<ApiEvent, { type: 'job-finished' }>>((resolve) => {
      const check = (e: ApiEvent) => e.type === 'job-finished' && e.jobId === jobId && resolve(e);
      events.forEach(check);
      running.subscribe(check);
    });
  return { running, api, events, finished };
}

describe('build jobs through the API', () => {
  it('runs a job with progress events and reports the race; getSourceFrame shows the frame behind a column', async () => {
    const { running, api, events, finished } = startService();
    const out = path.join(tmp, 'job-race');
    const { jobId } = await api.startBuild({ source: frames, out, timing: { kind: 'fps', fps: '50' }, line: { kind: 'column', x: 4 } });
    const end = await finished(jobId);
    expect(end).toEqual({ type: 'job-finished', jobId, state: 'done', racePath: out });
    const progress = events.filter((e) => e.type === 'job-progress');
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.filter((e) => e.type === 'job-progress' && e.phase === 'frames').pop();
    expect(last).toMatchObject({ done: 40, total: 40 });
    expect(await api.getJob({ jobId })).toMatchObject({ state: 'done', racePath: out });

    const raceId = await running.context.races.register(out);
    const frame = await api.getSourceFrame({ raceId, column: 7.4, step: 2 });
    expect([frame.frameIndex, frame.frameCount, frame.timeNs, frame.width, frame.height]).toEqual([9, 40, '180000000', 20, 12]);
    expect(frame.line).toEqual({ kind: 'column', x: 4 });
    expect(path.basename(frame.file)).toBe('frame_00009.png');
    const png = Buffer.from(frame.dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
    const raw = await sharp(png).raw().toBuffer();
    expect(raw.equals(Buffer.from(framePixels(spec, 9)))).toBe(true);

    // A frame changed after the build is refused, not shown as evidence.
    await writeFile(path.join(frames, 'frame_00010.png'), await encodeFrame(spec, 3));
    await expect(api.getSourceFrame({ raceId, column: 10 })).rejects.toThrow(/frame_00010\.png: the frame file has changed since the race was built/);
    await writeFile(path.join(frames, 'frame_00010.png'), await encodeFrame(spec, 10));
  });

  it('reports a refused build as a failed job with the one-line message', async () => {
    const { api, finished } = startService();
    const { jobId } = await api.startBuild({ source: frames, out: path.join(tmp, 'job-bad'), timing: { kind: 'fps', fps: '50' }, line: { kind: 'column', x: 20 } });
    const end = await finished(jobId);
    expect(end.state).toBe('failed');
    expect(end.error).toMatch(/^the finish line \(column x = 20\) is outside the frame of frame_00000\.png/);
  });

  it('cancelJob stops a build and leaves nothing behind', async () => {
    const { api, running, finished } = startService();
    const out = path.join(tmp, 'job-cancel');
    let jobId = '';
    running.subscribe((e) => {
      if (e.type === 'job-progress' && e.jobId === jobId) void api.cancelJob({ jobId });
    });
    jobId = (await api.startBuild({ source: frames, out, timing: { kind: 'fps', fps: '50' } })).jobId;
    const end = await finished(jobId);
    expect(end.state).toBe('cancelled');
    expect(existsSync(out)).toBe(false);
    expect((await readdir(tmp)).filter((n) => n.includes('.building-'))).toEqual([]);
  });

  it('buildRace honours an AbortSignal', async () => {
    const controller = new AbortController();
    const out = path.join(tmp, 'abort');
    const run = buildRace(buildRequest.parse({ source: frames, out, timing: { kind: 'fps', fps: '50' } }), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(existsSync(out)).toBe(false);
    expect((await readdir(tmp)).filter((n) => n.includes('.building-'))).toEqual([]);
  });

  it('probes a frame folder and shows a frame before a race exists', async () => {
    const { api } = startService();
    const p = await api.probeSource({ path: frames });
    expect(p).toMatchObject({ kind: 'frames', frameCount: 40, width: 20, height: 12, bitDepth: 8, channels: 3, ownTimes: null, measuredRate: null, suggestedLine: { kind: 'column', x: 10 } });
    const f = await api.getProbeFrame({ path: frames, index: 5 });
    expect([f.frameIndex, f.width, f.height, f.timeNs]).toEqual([5, 20, 12, null]);
  });
});
