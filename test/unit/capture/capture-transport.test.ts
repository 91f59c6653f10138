/**
 * A recording through the typed API as browser mode makes it: the renderer's own HTTP transport sends each frame as
 * one binary body to the real bridge (per-run token, 127.0.0.1), the service writes the frame folder, and Stop
 * builds the race with the ordinary build job. Plus the bridge's refusals on the binary path, and that the JSON path
 * is unchanged.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeBinaryCall } from '../../../app/api/binary-body.js';
import { dispatchCall } from '../../../app/api/dispatch.js';
import type { ApiEvent } from '../../../app/api/events.js';
import { MAX_CAPTURE_FRAME_BYTES, type FrameReceipt } from '../../../app/api/methods/capture.js';
import type { RunningBridge } from '../../../app/bridge/server.js';
import { createService, type RunningService } from '../../../app/service/create-service.js';
import { startPageBridge, type PageBridge } from '../../helpers/page-bridge.js';
import { createHttpRendererApi } from '../../../renderer/src/api/http-transport.js';
import { encodeFrame, framePixels, type FrameSpec } from '../../fixtures/synthetic-frames.js';
import { jobEnd as waitForJob } from '../../helpers/job-end.js';

let tmp: string;
let page: PageBridge;
let running: RunningService;
let bridge: RunningBridge;
const spec: FrameSpec = { width: 24, height: 12, frames: 1, format: 'png' };
const camera = { label: 'Fake camera', width: 24, height: 12, frameRate: 100 };

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-captr-'));
  page = await startPageBridge(tmp, path.join(tmp, 'data'));
  ({ running, bridge } = page);
});
afterAll(async () => {
  await page.close();
  await rm(tmp, { recursive: true, force: true });
});

const jobEnd = (jobId: string) => waitForJob(running, jobId);

const auth = () => ({ Authorization: `Bearer ${bridge.token}` });
const post = (name: string, type: string, body: Uint8Array | string, headers: Record<string, string> = auth()) =>
  page.realFetch(`${bridge.origin}/api/${name}`, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body });
function binaryBody(args: Record<string, unknown>): Uint8Array {
  const { head, payload } = encodeBinaryCall(args);
  return Buffer.concat([head, payload]);
}

describe('recording through the browser-mode transport', () => {
  it('records frames over HTTP, and Stop builds the race from them with the camera clock as the time map', async () => {
    const client = createHttpRendererApi(bridge.token);
    const out = path.join(tmp, 'heat 1.race');
    const { captureId, folder } = await client.api.startCapture({
      plan: { out, name: 'Heat 1', sport: 'athletics', line: { kind: 'column', x: 5 } },
      camera,
    });
    expect(folder).toBe(path.join(tmp, 'heat 1-frames'));
    const us = Array.from({ length: 10 }, (_, i) => 3_000_000 + i * 10_000);
    // Sent the way the page sends them: up to four calls in flight at once, so they may arrive out of order.
    const encoded = await Promise.all(us.map((_, seq) => encodeFrame(spec, seq)));
    const receipts: FrameReceipt[] = [];
    for (let from = 0; from < us.length; from += 4) {
      const batch = us.slice(from, from + 4).map((captureUs, i) => client.api.writeCaptureFrame({ captureId, seq: from + i, captureUs, bytes: new Uint8Array(encoded[from + i] as Buffer) }));
      receipts.push(...(await Promise.all(batch)));
    }
    expect(receipts.every((r) => r.accepted)).toBe(true);
    await client.api.markCapture({ captureId, marker: { kind: 'manual', captureUs: 3_045_000 } });
    const stopped = await client.api.stopCapture({ captureId });
    expect(stopped.summary).toMatchObject({ frames: 10, gaps: 0, missing: 0, droppedBusy: 0, durationNs: '90000000' });
    const end = await jobEnd(stopped.jobId);
    expect(end).toMatchObject({ state: 'done', racePath: out });

    const times = JSON.parse(await readFile(path.join(out, 'evidence/times.json'), 'utf8')) as { timesNs: string[] };
    expect(times.timesNs).toEqual(us.map((u) => String((u - 3_000_000) * 1000)));
    const manifest = JSON.parse(await readFile(path.join(out, 'evidence/manifest.json'), 'utf8')) as { timing: { kind: string }; line: unknown };
    expect(manifest.timing.kind).toBe('timestamps');
    expect(manifest.line).toEqual({ kind: 'column', x: 5 });
    const composite = await sharp(path.join(out, 'evidence/composite.png')).raw().toBuffer({ resolveWithObject: true });
    for (let k = 0; k < 10; k++) {
      const source = framePixels(spec, k);
      for (let y = 0; y < spec.height; y++) expect(composite.data[(y * composite.info.width + k) * 3]).toBe(source[(y * spec.width + 5) * 3]);
    }
    const view = await client.api.openRace({ path: out });
    expect(view.meta.name).toBe('Heat 1');
    expect(view.sport.sport).toBe('athletics');
    // A built capture is no longer offered for building.
    expect(await client.api.listUnfinishedCaptures({})).toEqual([]);
  });

  it('refuses to record over an existing race or with the line outside the picture, before any folder is made', async () => {
    const client = createHttpRendererApi(bridge.token);
    const out = path.join(tmp, 'refused.race');
    await expect(client.api.startCapture({ plan: { out, name: 'x', sport: 'motorsport', line: { kind: 'column', x: 24 } }, camera })).rejects.toThrow(
      /finish line \(column x = 24\) is outside the frame of the camera picture \(24×12 px/,
    );
    await expect(client.api.startCapture({ plan: { out: path.join(tmp, 'nowhere', 'r'), name: 'x', sport: 'motorsport', line: { kind: 'column', x: 1 } }, camera })).rejects.toThrow(
      /does not exist/,
    );
    await expect(
      client.api.startCapture({ plan: { out, name: 'x', sport: 'motorsport', startList: path.join(tmp, 'missing.csv'), line: { kind: 'column', x: 1 } }, camera }),
    ).rejects.toThrow(/missing\.csv: no such file/);
    expect(existsSync(path.join(tmp, 'refused-frames'))).toBe(false);
    // Arming checks the same without opening anything: a folder of frames already there is refused too.
    const plan = { out, name: 'x', sport: 'motorsport' as const, line: { kind: 'column' as const, x: 1 } };
    await client.api.checkCapture({ plan, camera });
    await mkdir(path.join(tmp, 'refused-frames'));
    await writeFile(path.join(tmp, 'refused-frames', 'f_000000.jpg'), 'x');
    const err = await client.api.checkCapture({ plan, camera }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/refused-frames: already holds files/);
    expect((err as { hint?: string }).hint).toBe('choose-race-folder');
    await expect(client.api.startCapture({ plan, camera })).rejects.toThrow(/already holds files/);
  });

  it('a recording the app never stopped is offered on the next start and builds', async () => {
    const client = createHttpRendererApi(bridge.token);
    const out = path.join(tmp, 'crashed.race');
    const { captureId, folder } = await client.api.startCapture({ plan: { out, name: 'Crashed', sport: 'motorsport', line: { kind: 'column', x: 3 }, travel: 'left-to-right' }, camera });
    for (let seq = 0; seq < 4; seq++) await client.api.writeCaptureFrame({ captureId, seq, captureUs: seq * 20_000, bytes: new Uint8Array(await encodeFrame(spec, seq)) });
    // The app "restarts": a new service on the same data folder knows nothing of the recording in memory.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = createService({ shell: 'browser', dataDir: path.join(tmp, 'data'), startup: null });
    const offered = await next.service.listUnfinishedCaptures({});
    expect(offered).toEqual([expect.objectContaining({ folder, name: 'Crashed', out, travel: 'left-to-right', frames: 4, interrupted: true })]);
    const { jobId } = await next.service.buildCapture({ folder });
    const end = await new Promise<ApiEvent>((resolve) => next.subscribe((e) => e.type === 'job-finished' && e.jobId === jobId && resolve(e)));
    expect(end).toMatchObject({ state: 'done', racePath: out });
    expect(await next.service.listUnfinishedCaptures({})).toEqual([]);
  });

  it('Stop on a recording of fewer than two frames says so and offers nothing to build', async () => {
    const client = createHttpRendererApi(bridge.token);
    const { captureId } = await client.api.startCapture({ plan: { out: path.join(tmp, 'short.race'), name: 's', sport: 'motorsport', line: { kind: 'column', x: 3 } }, camera });
    await client.api.writeCaptureFrame({ captureId, seq: 0, captureUs: 0, bytes: new Uint8Array(await encodeFrame(spec, 0)) });
    await expect(client.api.stopCapture({ captureId })).rejects.toThrow(/short-frames: only one frame was recorded; a photo finish needs at least two/);
    expect(await client.api.listUnfinishedCaptures({})).toEqual([]);
    await expect(client.api.writeCaptureFrame({ captureId, seq: 1, captureUs: 9, bytes: new Uint8Array([1]) })).rejects.toThrow(/No recording/);
  });
});

describe('the bridge on the binary path', () => {
  const args = { captureId: 'nope', seq: 0, captureUs: 0 };

  it('takes a binary method only as one octet-stream body, and a JSON method only as JSON', async () => {
    const asJson = await post('writeCaptureFrame', 'application/json', JSON.stringify({ ...args, bytes: 'AAAA' }));
    expect(asJson.status).toBe(415);
    expect(((await asJson.json()) as { error: { message: string } }).error.message).toMatch(/carries binary data: send Content-Type: application\/octet-stream/);
    const binaryToJson = await post('getAppInfo', 'application/octet-stream', binaryBody({}));
    expect(binaryToJson.status).toBe(415);
    // A well-formed binary call reaches the service (which has no such recording).
    const reached = await post('writeCaptureFrame', 'application/octet-stream', binaryBody({ ...args, bytes: new Uint8Array([1, 2]) }));
    expect(reached.status).toBe(404);
    expect(((await reached.json()) as { error: { message: string } }).error.message).toMatch(/No recording nope/);
  });

  it('refuses a malformed body in one line, before the service runs', async () => {
    const spy = vi.spyOn(running.service, 'writeCaptureFrame');
    const cases: [Uint8Array, RegExp][] = [
      [new Uint8Array([0, 0]), /shorter than its length prefix/],
      [new Uint8Array([0, 0, 0, 50, 123]), /ends inside its arguments/],
      [new Uint8Array([0, 1, 0, 1]), /arguments are larger than 65536 bytes/],
      [Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from('{x]'), Buffer.from([1])]), /not valid JSON/],
      [Buffer.concat([Buffer.from([0, 0, 0, 2]), Buffer.from('[]'), Buffer.from([1])]), /must be a JSON object/],
      [Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('{"bytes":1}'), Buffer.from([1])]), /must not name "bytes"/],
    ];
    for (const [body, message] of cases) {
      const res = await post('writeCaptureFrame', 'application/octet-stream', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    // Valid framing, but arguments that fail the schema: 400 from dispatch, service untouched.
    const badArgs = await post('writeCaptureFrame', 'application/octet-stream', binaryBody({ ...args, seq: -1, bytes: new Uint8Array([1]) }));
    expect(badArgs.status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('needs the token, and limits the size before reading the body', async () => {
    expect((await post('writeCaptureFrame', 'application/octet-stream', binaryBody({ ...args, bytes: new Uint8Array([1]) }), {})).status).toBe(401);
    const huge = await post('writeCaptureFrame', 'application/octet-stream', new Uint8Array(MAX_CAPTURE_FRAME_BYTES + 64 * 1024 + 5));
    expect(huge.status).toBe(413);
    // The JSON path keeps its own 1 MiB limit.
    expect((await post('getAppInfo', 'application/json', `{"x":"${'a'.repeat(1024 * 1024)}"}`)).status).toBe(413);
  });

  it('checks the payload size in the schema on every transport (in-process dispatch, as IPC uses it)', async () => {
    const over = await dispatchCall(running.service, 'writeCaptureFrame', { ...args, bytes: new ArrayBuffer(MAX_CAPTURE_FRAME_BYTES + 1) });
    expect(over).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/bytes: bytes is larger than 33554432 bytes/) } });
  });
});
