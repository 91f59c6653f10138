/**
 * A recording whose page went away without Stop (a reload, a closed window on macOS, a crashed renderer) while the
 * app itself runs on: once it has sent nothing for a while it is offered on the start screen as interrupted, and
 * builds, without waiting for the app to restart.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ABANDONED_AFTER_MS } from '../../../app/service/capture-service.js';
import { createService, type RunningService } from '../../../app/service/create-service.js';
import { encodeFrame, type FrameSpec } from '../../fixtures/synthetic-frames.js';
import { CAPTURE_TEST_CAMERA } from '../../helpers/capture-fixture.js';
import { jobEnd as waitForJob } from '../../helpers/job-end.js';

const spec: FrameSpec = { ...CAPTURE_TEST_CAMERA, frames: 1, format: 'png' };
let tmp: string;
let running: RunningService;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-capsvc-'));
  running = createService({ shell: 'browser', dataDir: path.join(tmp, 'data') });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A frame's bytes as the API types them (a plain Uint8Array, as the page sends it). */
const frameBytes = async (seq: number) => new Uint8Array(await encodeFrame(spec, seq));

const jobEnd = (jobId: string) => waitForJob(running, jobId);

describe('a recording its page abandoned', () => {
  it('is offered as interrupted once it has sent nothing for a while, and builds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { service } = running;
    const out = path.join(tmp, 'heat.race');
    const { captureId, folder } = await service.startCapture({
      plan: { out, name: 'Heat', sport: 'motorsport', line: { kind: 'column', x: 7 }, travel: 'right-to-left' },
      camera: { label: 'Test camera', ...CAPTURE_TEST_CAMERA, frameRate: 100 },
    });
    for (let seq = 0; seq < 4; seq++) await service.writeCaptureFrame({ captureId, seq, captureUs: 1_000_000 + seq * 10_000, bytes: await frameBytes(seq) });
    await service.markCapture({ captureId, marker: { kind: 'manual', captureUs: 1_015_000 } });
    // Still recording: not offered, and not built under it.
    expect(await service.listUnfinishedCaptures({})).toEqual([]);
    await expect(service.buildCapture({ folder })).rejects.toThrow(/still recording/);

    vi.setSystemTime(Date.now() + ABANDONED_AFTER_MS + 1_000);
    const offered = await service.listUnfinishedCaptures({});
    expect(offered).toEqual([expect.objectContaining({ folder, out, frames: 4, interrupted: true })]);
    const { jobId } = await service.buildCapture({ folder });
    expect((await jobEnd(jobId)).error).toBeUndefined();
    expect(existsSync(path.join(out, 'race.json'))).toBe(true);
    const { raceId } = await service.openRace({ path: out });
    const view = await service.getRace({ raceId });
    expect(view.evidence.columns).toBe(4);
    expect(view.triggers.map((t) => t.milliColumn)).toEqual([1500]);
    // The page cannot go on recording into it.
    await expect(service.writeCaptureFrame({ captureId, seq: 4, captureUs: 1_040_000, bytes: await frameBytes(4) })).rejects.toThrow(/No recording/);
  });
});
