/**
 * Issue 21 item 10: a captured frame whose header is valid but whose body is corrupt. Before, it was kept and the
 * recording could not be built. Now the build of a recording names it as a gap (reason bad-frame, with its file)
 * and the race is built from the other frames.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type RunningService } from '../../../app/service/create-service.js';
import { encodeFrame, type FrameSpec } from '../../fixtures/synthetic-frames.js';
import { CAPTURE_TEST_CAMERA } from '../../helpers/capture-fixture.js';
import { jobEnd } from '../../helpers/job-end.js';

let tmp: string;
let running: RunningService;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-corrupt-frame-'));
  running = createService({ shell: 'browser', dataDir: path.join(tmp, 'data') });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A JPEG whose markers and size are right but whose entropy-coded data is garbage past the start of the scan. */
function corruptBody(jpeg: Buffer): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(jpeg.length);
  bytes.set(jpeg);
  let sos = -1;
  for (let i = 2; i < bytes.length - 1; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xda) sos = i;
  // Past the scan header, up to the end marker: 0xFF 0xFF … is no valid Huffman data (and no marker either).
  for (let i = sos + 14; i < bytes.length - 2; i++) bytes[i] = i % 2 === 0 ? 0xff : 0x00;
  bytes[sos + 14] = 0xd0 + 5; // an RST5 where none may be
  return bytes;
}

describe('a captured frame with a valid header and a corrupt body', () => {
  it('becomes a named gap, and the recording is built from the other frames', async () => {
    const spec: FrameSpec = { width: 32, height: 16, frames: 1, format: 'jpeg' };
    const { service } = running;
    const out = path.join(tmp, 'heat.race');
    const { captureId } = await service.startCapture({
      plan: { out, name: 'Heat', sport: 'motorsport', line: { kind: 'column', x: 7 }, travel: 'right-to-left' },
      camera: { label: 'Test camera', ...CAPTURE_TEST_CAMERA, width: 32, height: 16, frameRate: 100 },
    });
    for (let seq = 0; seq < 6; seq++) {
      const jpeg = await encodeFrame(spec, seq);
      const bytes = seq === 3 ? corruptBody(jpeg) : new Uint8Array(jpeg);
      const r = await service.writeCaptureFrame({ captureId, seq, captureUs: 1_000_000 + seq * 10_000, bytes });
      expect(r.accepted).toBe(true);
    }
    const stopped = await service.stopCapture({ captureId });
    const end = await jobEnd(running, stopped.jobId);
    expect(end.error).toBeUndefined();
    const view = await service.openRace({ path: out });
    expect(view.evidence.columns).toBe(5);
    expect(view.evidence.gaps).toEqual([expect.objectContaining({ reason: 'bad-frame', files: [expect.stringMatching(/f_000003\.jpg/)] })]);
  });
});
