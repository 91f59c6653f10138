/**
 * The capture writer on real files: what it leaves is a frame folder `photofinish build --timestamps` accepts, with
 * the camera's exact times, in order whatever order frames arrive in, with bounded memory, and buildable after a
 * kill -9 at any moment.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureWriter } from '../../../app/capture/capture-writer.js';
import { readCaptureRecord, recoverCapture } from '../../../app/capture/recover-capture.js';
import { UserError } from '../../../app/domain/errors.js';
import { runCli } from '../../fixtures/cli-capture.js';
import { encodeFrame, framePixels, type FrameSpec } from '../../fixtures/synthetic-frames.js';
import { CAPTURE_TEST_CAMERA, captureRecordFor } from '../../helpers/capture-fixture.js';
import { runAndKill } from '../../helpers/kill-loop.js';

const loopScript = fileURLToPath(new URL('../../helpers/capture-loop.ts', import.meta.url));
const spec: FrameSpec = { ...CAPTURE_TEST_CAMERA, frames: 1, format: 'png' };
let tmp: string;
let frames: Buffer[];
let n = 0;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-capture-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  frames = await Promise.all(Array.from({ length: 12 }, (_, f) => encodeFrame(spec, f)));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function newWriter(limits?: Parameters<typeof CaptureWriter.create>[2]): Promise<CaptureWriter> {
  const folder = path.join(tmp, `cap${n++}`, 'heat-frames');
  return CaptureWriter.create(folder, captureRecordFor(folder), limits);
}

const csvLines = async (folder: string) => (await readFile(path.join(folder, 'timestamps.csv'), 'utf8')).trim().split('\n');
const frameFiles = async (folder: string) => (await readdir(folder)).filter((f) => /^f_\d+\.(jpg|png)$/.test(f)).sort();

describe('capture writer', () => {
  it('writes a frame folder that photofinish build accepts, with the camera clock as the exact time map', async () => {
    const w = await newWriter();
    // 60 frames/s on the camera clock; frame 5 never came from the camera (a gap of two intervals).
    const us = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11].map((i) => 7_000_123 + i * 16_667);
    us.forEach((captureUs, seq) => expect(w.offer({ seq, captureUs, bytes: frames[seq] as Buffer }).accepted).toBe(true));
    const summary = await w.finish();
    expect(summary).toMatchObject({ frames: 11, gaps: 1, missing: 1, droppedBusy: 0, durationNs: String(11 * 16_667_000) });

    expect((await csvLines(w.folder))[0]).toBe('file,time_s,capture_us');
    expect((await csvLines(w.folder))[2]).toBe('f_000001.png,0.016667,7016790');
    const out = path.join(path.dirname(w.folder), 'race');
    const built = await runCli(['build', w.folder, '--out', out, '--timestamps', path.join(w.folder, 'timestamps.csv'), '--line', '7']);
    expect(built.code).toBe(0);
    const info = JSON.parse((await runCli(['info', out, '--json'])).out) as { columns: number; gaps: unknown[] };
    expect(info.columns).toBe(11);
    expect(info.gaps).toHaveLength(1);
    const times = JSON.parse(await readFile(path.join(out, 'evidence/times.json'), 'utf8')) as { timesNs: string[] };
    expect(times.timesNs).toEqual(us.map((u) => String(BigInt(u - 7_000_123) * 1000n)));

    // Column k of the composite is the line's pixels of frame k, exactly (lossless frames).
    const composite = await sharp(path.join(out, 'evidence/composite.png')).raw().toBuffer({ resolveWithObject: true });
    for (let k = 0; k < 11; k++) {
      const source = framePixels(spec, k);
      for (let y = 0; y < spec.height; y++) {
        for (let c = 0; c < 3; c++) expect(composite.data[(y * composite.info.width + k) * 3 + c]).toBe(source[(y * spec.width + 7) * 3 + c]);
      }
    }
  });

  it('settles a frame only once it is on disk with its line (the back-pressure a caller waits on)', async () => {
    const w = await newWriter();
    w.offer({ seq: 1, captureUs: 20_000, bytes: frames[1] as Buffer });
    let oneSettled = false;
    const one = w.settled(1).then(() => (oneSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Frame 1 waits for frame 0, which has not come.
    expect(oneSettled).toBe(false);
    w.offer({ seq: 0, captureUs: 10_000, bytes: frames[0] as Buffer });
    await one;
    expect(await frameFiles(w.folder)).toEqual(['f_000000.png', 'f_000001.png']);
    expect((await csvLines(w.folder)).length).toBe(3);
    await w.settled(7); // never offered: nothing to wait for
    await w.finish();
  });

  it('writes frames in the order they were sent, whatever order they arrive in', async () => {
    const w = await newWriter();
    for (const seq of [2, 0, 3, 1]) w.offer({ seq, captureUs: 1_000 + seq * 10_000, bytes: frames[seq] as Buffer });
    await w.finish();
    expect((await csvLines(w.folder)).slice(1).map((l) => l.split(',')[0])).toEqual(['f_000000.png', 'f_000001.png', 'f_000002.png', 'f_000003.png']);
  });

  it('refuses frames past its queue instead of holding them (bounded memory), and counts them', async () => {
    const w = await newWriter({ maxQueuedFrames: 3, maxQueuedBytes: 1 << 20, reorderWindow: 8, syncEveryMs: 250 });
    const receipts = frames.slice(0, 8).map((bytes, seq) => w.offer({ seq, captureUs: seq * 10_000, bytes }));
    expect(receipts.map((r) => r.accepted)).toEqual([true, true, true, false, false, false, false, false]);
    expect(receipts.at(-1)).toMatchObject({ queued: 3, droppedBusy: 5 });
    const summary = await w.finish();
    expect(summary).toMatchObject({ frames: 3, droppedBusy: 5 });
    expect(await frameFiles(w.folder)).toHaveLength(3);
    // By bytes too: one frame larger than the byte budget never enters the queue.
    const small = await newWriter({ maxQueuedFrames: 100, maxQueuedBytes: (frames[0] as Buffer).length - 1, reorderWindow: 8, syncEveryMs: 250 });
    expect(small.offer({ seq: 0, captureUs: 0, bytes: frames[0] as Buffer }).accepted).toBe(false);
    await small.finish();
  });

  it('does not wait for ever on a frame lost on the way: later frames are written, the hole is a gap', async () => {
    const w = await newWriter({ maxQueuedFrames: 20, maxQueuedBytes: 1 << 20, reorderWindow: 4, syncEveryMs: 250 });
    for (let seq = 0; seq < 12; seq++) if (seq !== 1) w.offer({ seq, captureUs: seq * 10_000, bytes: frames[seq] as Buffer });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The straggler arrives after the writer gave up on it: refused, counted.
    expect(w.offer({ seq: 1, captureUs: 10_000, bytes: frames[1] as Buffer })).toMatchObject({ accepted: false, droppedBusy: 1 });
    const summary = await w.finish();
    expect(summary.frames).toBe(11);
    expect((await csvLines(w.folder)).slice(1, 3).map((l) => l.split(',')[0])).toEqual(['f_000000.png', 'f_000002.png']);
  });

  it('refuses what is not a whole frame of the camera, naming the frame; nothing is written for it', async () => {
    const w = await newWriter();
    const jpeg = await encodeFrame({ ...spec, format: 'jpeg' }, 0);
    const wrongSize = await encodeFrame({ ...spec, width: 15 }, 0);
    const refuse = (bytes: Uint8Array, message: RegExp) => {
      expect(() => w.offer({ seq: 0, captureUs: 0, bytes })).toThrow(UserError);
      expect(() => w.offer({ seq: 0, captureUs: 0, bytes })).toThrow(message);
    };
    refuse(Buffer.from('not an image at all'), /^frame 0 of heat-frames: not a JPEG or PNG image$/);
    refuse(jpeg.subarray(0, jpeg.length - 300), /frame 0 of heat-frames: the image is cut off/);
    refuse(wrongSize, /15×10 px, but the camera records 16×10 px/);
    expect(() => w.offer({ seq: 0, captureUs: -5, bytes: frames[0] as Buffer })).toThrow(/not a whole number of microseconds/);
    // A JPEG recording stays JPEG.
    w.offer({ seq: 0, captureUs: 0, bytes: jpeg });
    expect(() => w.offer({ seq: 1, captureUs: 10, bytes: frames[1] as Buffer })).toThrow(/PNG, but the recording is in JPEG/);
    await w.finish();
    expect(await frameFiles(w.folder)).toEqual(['f_000000.jpg']);
  });

  it('leaves out a frame whose camera time does not increase (the folder still builds)', async () => {
    const w = await newWriter();
    [0, 10_000, 10_000, 30_000].forEach((captureUs, seq) => w.offer({ seq, captureUs, bytes: frames[seq] as Buffer }));
    expect(await w.finish()).toMatchObject({ frames: 3, droppedBusy: 1 });
  });

  it('records the F-key marks and the end of the recording in capture.json', async () => {
    const w = await newWriter();
    w.offer({ seq: 0, captureUs: 5, bytes: frames[0] as Buffer });
    await w.mark({ kind: 'manual', captureUs: 4_200 });
    expect((await readCaptureRecord(w.folder)).stoppedAt).toBeUndefined();
    await w.finish();
    const record = await readCaptureRecord(w.folder);
    expect(record.markers).toEqual([{ kind: 'manual', captureUs: 4_200 }]);
    expect(record.stoppedAt).toMatch(/^\d{4}-/);
    expect(() => w.offer({ seq: 1, captureUs: 9, bytes: frames[1] as Buffer })).toThrow(/the recording has stopped/);
  });

  it('will not record into a folder that already holds files', async () => {
    const folder = path.join(tmp, 'busy');
    await rm(folder, { recursive: true, force: true });
    await CaptureWriter.create(folder, captureRecordFor(folder)).then((w) => w.finish());
    const err = await CaptureWriter.create(folder, captureRecordFor(folder)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toBe(`${folder}: already holds files (frames are recorded into a new folder)`);
    expect((err as UserError).hint).toBe('choose-race-folder');
  });
});

describe('a kill -9 while recording', () => {
  it('leaves a folder that builds: every timed frame is whole, nothing written is lost', async () => {
    for (const [count, extraMs] of [
      [10, 0],
      [20, 3],
      [30, 7],
    ] as const) {
      const folder = path.join(tmp, `killed-${count}`, 'heat-frames');
      const written = await runAndKill(loopScript, folder, count, extraMs);
      const lines = (await csvLines(folder)).slice(1);
      expect(lines.length).toBeGreaterThanOrEqual(written);
      // The order of the writes: at most the one frame between its rename and its line lacks a time.
      const recovery = await recoverCapture(folder);
      expect(recovery.setAside.length).toBeLessThanOrEqual(1);
      expect(recovery.tornLine).toBe(false);
      expect(recovery.frames).toBe(lines.length);
      expect((await readdir(folder)).filter((f) => f.endsWith('.part'))).toEqual([]);
      const out = path.join(path.dirname(folder), 'race');
      const built = await runCli(['build', folder, '--out', out, '--timestamps', path.join(folder, 'timestamps.csv'), '--line', '7']);
      expect(built.code).toBe(0);
      const info = JSON.parse((await runCli(['info', out, '--json'])).out) as { columns: number };
      expect(info.columns).toBe(lines.length);
    }
  });

  it('recovery cuts a torn last line and sets frames without a time, or cut off, aside, without deleting them', async () => {
    const w = await newWriter();
    for (let seq = 0; seq < 4; seq++) w.offer({ seq, captureUs: seq * 10_000, bytes: frames[seq] as Buffer });
    await w.finish();
    // What a power cut can leave: the last line half written, and a frame renamed in without its line.
    const csv = path.join(w.folder, 'timestamps.csv');
    const text = await readFile(csv, 'utf8');
    await writeFile(csv, text.slice(0, -6));
    await writeFile(path.join(w.folder, 'f_000004.png'), frames[4] as Buffer);
    await writeFile(path.join(w.folder, '.f_000005.png.part'), (frames[5] as Buffer).subarray(0, 20));
    // A timed frame whose bytes never all reached the disk.
    await writeFile(path.join(w.folder, 'f_000001.png'), (frames[1] as Buffer).subarray(0, 100));
    const r = await recoverCapture(w.folder);
    expect(r).toEqual({ frames: 2, setAside: ['f_000001.png', 'f_000003.png', 'f_000004.png'], tornLine: true });
    expect((await readdir(w.folder)).sort()).toEqual([
      '.unlisted-f_000001.png',
      '.unlisted-f_000003.png',
      '.unlisted-f_000004.png',
      'capture.json',
      'f_000000.png',
      'f_000002.png',
      'timestamps.csv',
    ]);
    expect((await csvLines(w.folder)).map((l) => l.split(',')[0])).toEqual(['file', 'f_000000.png', 'f_000002.png']);
    const out = path.join(path.dirname(w.folder), 'race');
    expect((await runCli(['build', w.folder, '--out', out, '--timestamps', csv, '--line', '7'])).code).toBe(0);
  });
});
