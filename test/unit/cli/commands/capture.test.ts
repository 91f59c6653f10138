/**
 * `photofinish capture` without a camera: FFmpeg serves a clip on loopback and the command records and builds it.
 * The built race must hold the clip's frames: at least 95 % of those sent, each column the clip's own pixels on the
 * line (within a few levels), times from the stream (H.264: the PTS, so the interval is exactly 1/rate), MJPEG
 * frames byte for byte as sent; a kill -9 mid-recording leaves a recording that builds.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../../../../app/service/create-service.js';
import { runCli } from '../../../fixtures/cli-capture.js';
import { jobEnd } from '../../../helpers/job-end.js';
import { clipColumns, encodeClip, ffmpegPresent, freePort, sendClip } from '../../../helpers/stream-sender.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLIP = { width: 320, height: 240, rate: 60, seconds: 2 };
const X = 161;
const hasFfmpeg = await ffmpegPresent();
if (!hasFfmpeg) console.warn('capture tests skipped: ffmpeg not found');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-capture-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  if (!hasFfmpeg) return;
  await encodeClip(path.join(tmp, 'clip.ts'), 'h264', CLIP);
  await encodeClip(path.join(tmp, 'clip.mjpeg'), 'mjpeg', CLIP);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** ffmpeg processes still reading the address on `port` (from /proc: Linux only; elsewhere none are found). */
function ffmpegsReading(port: number): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const cmd = readFileSync(`/proc/${n}/cmdline`, 'utf8');
        const state = readFileSync(`/proc/${n}/stat`, 'utf8').split(') ')[1]?.[0];
        return cmd.startsWith('ffmpeg') && cmd.includes(`-i\0udp://127.0.0.1:${port}`) && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The composite's columns (RGB, top to bottom) and the race's column times. */
async function builtColumns(race: string): Promise<{ columns: Uint8Array[]; times: bigint[] }> {
  const { data, info } = await sharp(path.join(race, 'evidence', 'composite.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const columns: Uint8Array[] = [];
  for (let c = 0; c < info.width; c++) {
    const col = new Uint8Array(info.height * 3);
    for (let r = 0; r < info.height; r++) col.set(data.subarray((r * info.width + c) * 3, (r * info.width + c) * 3 + 3), r * 3);
    columns.push(col);
  }
  const times = (JSON.parse(await readFile(path.join(race, 'evidence', 'times.json'), 'utf8')) as { timesNs: string[] }).timesNs.map(BigInt);
  return { columns, times };
}

const meanDiff = (a: Uint8Array, b: Uint8Array) => a.reduce((s, v, i) => s + Math.abs(v - (b[i] as number)), 0) / a.length;

/** Each built column matched to the clip frame its time says (the first matched by its pixels). */
function matchToClip(built: { columns: Uint8Array[]; times: bigint[] }, clip: Uint8Array[], rate: number): number[] {
  const first = built.columns[0] as Uint8Array;
  let k0 = 0;
  clip.forEach((f, k) => {
    if (meanDiff(f, first) < meanDiff(clip[k0] as Uint8Array, first)) k0 = k;
  });
  const t0 = built.times[0] as bigint;
  return built.times.map((t, c) => {
    // The clip is sent in a loop (so it is there whenever ffmpeg starts listening): frame k of the race is clip frame k mod n.
    const k = (k0 + Math.round((Number(t - t0) * rate) / 1e9)) % clip.length;
    return meanDiff(built.columns[c] as Uint8Array, clip[k] as Uint8Array);
  });
}

const median = (xs: bigint[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[Math.floor(xs.length / 2)] as bigint;

describe.skipIf(!hasFfmpeg)('photofinish capture', () => {
  it('records an H.264 MPEG-TS stream over UDP and builds the clip\'s frames with the stream\'s own times', async () => {
    const port = freePort();
    const out = path.join(tmp, 'udp.race');
    const sender = sendClip(path.join(tmp, 'clip.ts'), 'h264', port, CLIP.rate, true);
    const seconds = 3;
    const r = await runCli(['capture', `udp://127.0.0.1:${port}`, '--out', out, '--line', String(X), '--duration', String(seconds), '--by', 'Test Official']);
    sender.kill();
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/Recorded \d+ frames \(0 lost/);
    const built = await builtColumns(out);
    // Sent during the recording: its duration at the clip's rate (frames buffered while ffmpeg opened the stream come on top).
    expect(built.columns.length).toBeGreaterThanOrEqual(Math.ceil(0.95 * CLIP.rate * seconds));
    const intervals = built.times.slice(1).map((t, i) => t - (built.times[i] as bigint));
    // 1/60 s at the stream's 90 kHz is 1500 ticks: 16 666 666.67 ns, each time rounded to the nanosecond.
    expect(intervals.every((d) => d === 16_666_667n || d === 16_666_666n)).toBe(true);
    expect(Number(median(intervals))).toBeCloseTo(1e9 / CLIP.rate, -1);
    const diffs = matchToClip(built, await clipColumns(path.join(tmp, 'clip.ts'), X, CLIP.height), CLIP.rate);
    expect(Math.max(...diffs)).toBeLessThan(3);
    const record = JSON.parse(await readFile(path.join(tmp, 'udp-frames', 'capture.json'), 'utf8'));
    expect(record.camera.stream).toMatchObject({ codec: 'h264', timeBase: '1/90000', clock: 'stream' });
    expect(record.by).toBe('Test Official');
  }, 60_000);

  it('records MJPEG over HTTP keeping each frame\'s JPEG bytes exactly as sent', async () => {
    const port = freePort();
    const out = path.join(tmp, 'http.race');
    const sender = sendClip(path.join(tmp, 'clip.mjpeg'), 'mjpeg', port, CLIP.rate);
    // ffmpeg's HTTP server takes its one client once it listens (on a loaded machine, a second or so).
    await sleep(1500);
    const r = await runCli(['capture', `http://127.0.0.1:${port}/`, '--out', out, '--line', String(X), '--duration', '3', '--by', 'Test Official']);
    sender.kill();
    expect(r.code, r.err).toBe(0);
    // The clip's own frames, cut apart by ffmpeg without decoding.
    const sentDir = path.join(tmp, 'sent');
    await run('mkdir', ['-p', sentDir]);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'mjpeg', '-i', path.join(tmp, 'clip.mjpeg'), '-c', 'copy', '-f', 'image2', path.join(sentDir, '%04d.jpg')]);
    const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const sentHashes = new Set(await Promise.all((await readdir(sentDir)).map(async (f) => hash(await readFile(path.join(sentDir, f))))));
    const kept = (await readdir(path.join(tmp, 'http-frames'))).filter((f) => f.endsWith('.jpg'));
    expect(kept.length).toBeGreaterThanOrEqual(Math.ceil(0.95 * CLIP.rate * CLIP.seconds));
    for (const f of kept) expect(sentHashes.has(hash(await readFile(path.join(tmp, 'http-frames', f))))).toBe(true);
    const record = JSON.parse(await readFile(path.join(tmp, 'http-frames', 'capture.json'), 'utf8'));
    expect(record.camera.stream).toMatchObject({ codec: 'mjpeg', clock: 'arrival' });
    const built = await builtColumns(out);
    expect(built.columns.length).toBe(kept.length);
  }, 60_000);

  it('leaves a buildable recording after kill -9, offered on the next start', async () => {
    const port = freePort();
    const out = path.join(tmp, 'killed.race');
    const sender = sendClip(path.join(tmp, 'clip.ts'), 'h264', port, CLIP.rate, true);
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'photofinish.mjs'), 'capture', `udp://127.0.0.1:${port}`, '--out', out, '--line', String(X), '--by', 'T'], { stdio: ['ignore', 'ignore', 'pipe'], env: process.env });
    let err = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        if (err.includes('Recording ')) resolve();
      });
      child.on('exit', () => reject(new Error(`capture ended before recording: ${err}`)));
    });
    await sleep(1500);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // Its ffmpeg, whose pipes are now closed, ends as soon as the camera sends again (no orphan left recording).
    await sleep(1500);
    sender.kill();
    expect(ffmpegsReading(port)).toEqual([]);
    const running = createService({ shell: 'browser', dataDir: path.join(tmp, 'data') });
    const offered = await running.service.listUnfinishedCaptures({});
    const mine = offered.find((u) => u.out === out);
    expect(mine?.interrupted).toBe(true);
    expect(mine?.frames).toBeGreaterThan(30);
    const { jobId } = await running.service.buildCapture({ folder: (mine as { folder: string }).folder });
    const end = await jobEnd(running, jobId);
    expect(end.state, end.error).toBe('done');
    const built = await builtColumns(out);
    expect(built.columns.length).toBeGreaterThanOrEqual((mine as { frames: number }).frames);
  }, 60_000);
});
