/**
 * Issue 21 item 7: bounded work on hostile files. Before, `start --audio` read a long file whole into memory (a
 * three-hour silent FLAC of 1.5 MB took 1.1 GB here, 8 GB on the reporter's), `start --audio /dev/zero` never ended,
 * an audit.jsonl linked to /dev/zero took `verify` to gigabytes, and a manifest naming /dev/zero as a frame never
 * finished verifying. Now non-regular files are refused wherever a file is read, the audio read is bounded, and the
 * audit log has a size limit that is said.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AUDIO_BYTES, readAudioTrack } from '../../../app/imaging/audio/read-audio.js';
import { findReport } from '../../../app/detection/start-signal/find-start.js';
import { MAX_AUDIT_LOG_BYTES } from '../../../app/store/audit-log.js';
import { readBoundedFile } from '../../../app/store/regular-file.js';
import { errorLine, runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';

let tmp: string;
let race: string;
let fifo: string;
let longAudio: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-hostile-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  const frames = path.join(tmp, 'frames');
  await writeFrames(frames, { width: 12, height: 8, frames: 4 });
  race = path.join(tmp, 'r.race');
  const r = await runCli(['build', frames, '--out', race, '--fps', '100']);
  if (r.code !== 0) throw new Error(r.err);
  fifo = path.join(tmp, 'pipe');
  execFileSync('mkfifo', [fifo]);
  // 400 s of 48 kHz silence with a 50 ms tone at 200 s: 19.2 M samples, more than the reader keeps (16.8 M).
  longAudio = path.join(tmp, 'long.flac');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono:d=200', '-f', 'lavfi', '-i', 'sine=f=1000:r=48000:d=0.05', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono:d=200',
    '-filter_complex', '[0][1][2]concat=n=3:v=0:a=1', '-c:a', 'flac', longAudio]);
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await rm(tmp, { recursive: true, force: true });
});

describe('audio', () => {
  it('keeps at most MAX_AUDIO_BYTES of samples, however long the file', async () => {
    const track = await readAudioTrack(longAudio);
    expect(track.samples.length).toBe(MAX_AUDIO_BYTES / 4);
  });

  it("reads only the window asked for (the footage's span plus a margin), on the footage's clock", async () => {
    const { track, time } = await findReport(longAudio, undefined, 0n, { fromNs: 190_000_000_000n, toNs: 210_000_000_000n });
    expect(track.samples.length).toBeLessThanOrEqual(20 * 48_000 + 4_608);
    expect(Number(track.timeOfSample(0)) / 1e9).toBeCloseTo(190, 2);
    expect(Number(time) / 1e9).toBeCloseTo(200, 3);
  });

  it('refuses /dev/zero and a FIFO at once (start --audio)', async () => {
    for (const file of ['/dev/zero', fifo]) {
      const t0 = Date.now();
      const r = await runCli(['start', race, '--audio', file, '--by', 'A. Starter']);
      expect(r.code).toBe(2);
      expect(errorLine(r.err)).toMatch(/is not a regular file \(a device, a FIFO or a socket\)/);
      expect(Date.now() - t0).toBeLessThan(10_000);
    }
  });
});

describe('sources, start lists and timestamps', () => {
  it('refuses a FIFO as the footage, the timestamps file and the start list', async () => {
    const video = path.join(tmp, 'clip.mp4');
    execFileSync('mkfifo', [video]);
    const build = await runCli(['build', video, '--out', path.join(tmp, 'f.race'), '--line', '3']);
    expect(build.code).toBe(2);
    expect(errorLine(build.err)).toMatch(/clip\.mp4: is not a regular file/);
    const ts = await runCli(['build', path.join(tmp, 'frames'), '--out', path.join(tmp, 't.race'), '--timestamps', fifo]);
    expect(ts.code).toBe(2);
    expect(errorLine(ts.err)).toMatch(/pipe: the timestamps file is not a regular file/);
    const list = path.join(tmp, 'list.csv');
    execFileSync('mkfifo', [list]);
    const sl = await runCli(['build', path.join(tmp, 'frames'), '--out', path.join(tmp, 's.race'), '--fps', '100', '--start-list', list]);
    expect(sl.code).toBe(2);
    expect(errorLine(sl.err)).toMatch(/list\.csv: not a file/);
  });
});

describe('verify', () => {
  it('refuses an audit.jsonl linked to /dev/zero in a moment, without reading it', async () => {
    const copy = path.join(tmp, 'zero-log.race');
    await cp(race, copy, { recursive: true });
    await rm(path.join(copy, 'audit.jsonl'));
    await symlink('/dev/zero', path.join(copy, 'audit.jsonl'));
    const r = await runCli(['verify', copy]);
    expect(r.code).toBe(1);
    expect(r.out + r.err).toMatch(/audit\.jsonl: the race's audit log is not a regular file/);
  });

  it('says the audit log is over its size limit', async () => {
    const copy = path.join(tmp, 'big-log.race');
    await cp(race, copy, { recursive: true });
    await truncate(path.join(copy, 'audit.jsonl'), MAX_AUDIT_LOG_BYTES + 1);
    const r = await runCli(['verify', copy]);
    expect(r.code).toBe(1);
    expect(r.out + r.err).toContain(`audit.jsonl: the race's audit log is ${MAX_AUDIT_LOG_BYTES + 1} bytes, more than the ${MAX_AUDIT_LOG_BYTES} bytes it may hold`);
  });

  it('finishes on a manifest naming /dev/zero as a frame, and says so', async () => {
    const copy = path.join(tmp, 'zero-frame.race');
    await cp(race, copy, { recursive: true });
    const file = path.join(copy, 'evidence', 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as { source: { files: { path: string }[] } };
    (manifest.source.files[1] as { path: string }).path = '/dev/zero';
    await writeFile(file, JSON.stringify(manifest));
    const r = await runCli(['verify', copy]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('not a regular file (a device, a FIFO or a socket): /dev/zero');
  });
});

describe('a bounded read', () => {
  it('names the file, what it is and the limit (the manifest and times file are read through it)', async () => {
    const file = path.join(tmp, 'manifest.json');
    await writeFile(file, '{}'.padEnd(100));
    await expect(readBoundedFile(file, 99, 'the evidence manifest')).rejects.toThrow(`${file}: the evidence manifest is 100 bytes, more than the 99 bytes it may hold; it is not read`);
    expect((await readBoundedFile(file, 100, 'the evidence manifest')).length).toBe(100);
  });
});
