/**
 * Damaged video is never built silently. A copy cut short (the container declares 15.08 s, the frames stop at a
 * third) and a copy with bytes overwritten mid-file are refused with the count and the times of what is wrong;
 * with --skip-bad they build and the damaged stretches are recorded as gaps. The damage is made here, with ffmpeg
 * and byte surgery, from a clean clip that builds without a word. An animated GIF, a Matroska and an AVI copy cut
 * short likewise.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeRegExp, runCli } from '../../../fixtures/cli-capture.js';

let tmp: string;
let clip: string;
const FRAMES = 377;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-damaged-video-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  clip = path.join(tmp, 'clip.mp4');
  // H.264 with a keyframe every 50 frames, index at the front (as phones and cameras write it).
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-frames:v', String(FRAMES), '-c:v', 'libx264', '-g', '50', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clip]);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const errorLine = (err: string) => err.split('\n').find((l) => l.startsWith('photofinish build:')) ?? '';

async function damaged(name: string, change: (b: Buffer) => Buffer): Promise<string> {
  const file = path.join(tmp, name);
  await writeFile(file, change(Buffer.from(await readFile(clip))));
  return file;
}

describe('video damage', () => {
  it('a clean clip builds every frame with no gap', async () => {
    const r = await runCli(['build', clip, '--out', path.join(tmp, 'clean'), '--line', '160']);
    expect(errorLine(r.err)).toBe('');
    expect(r.out).toContain(`${FRAMES} columns × 240 rows`);
    expect(r.out).toContain('gaps      none');
  });

  it('a file cut short is refused with what is missing; with --skip-bad the lost end is a gap', async () => {
    const cut = await damaged('cut.mp4', (b) => b.subarray(0, Math.floor(b.length * 0.37)));
    const r = await runCli(['build', cut, '--out', path.join(tmp, 'cut'), '--line', '160']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toMatch(
      new RegExp(`^photofinish build: ${escapeRegExp(cut)}: the video is damaged: .*the file is cut short: its frames end at [0-9.]+ s but its container declares 15\\.08 s \\(about \\d+ frames missing\\); use --skip-bad to leave bad frames out as a gap$`),
    );
    const race = path.join(tmp, 'cut-skip');
    const s = await runCli(['build', cut, '--out', race, '--line', '160', '--skip-bad']);
    expect(s.code).toBe(0);
    const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { columns: number; last_time_s: number; gaps: { to_s: number; files?: string[] }[] };
    expect(info.columns).toBeLessThan(FRAMES / 2);
    const end = info.gaps.at(-1) as { to_s: number; files?: string[] };
    expect(end.files?.[0]).toMatch(/^cut\.mp4: cut short, about \d+ frames missing at the end$/);
    expect(end.to_s).toBeGreaterThan(14.9);
  });

  it('a file damaged mid-way is refused with the count and times; with --skip-bad the damaged frames are gaps', async () => {
    const broken = await damaged('broken.mp4', (b) => {
      // Seeded scribbles over 4 KB in the middle of the media data.
      let seed = 7;
      for (let k = Math.floor(b.length / 2); k < Math.floor(b.length / 2) + 4000; k += 7) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        b[k] = seed & 0xff;
      }
      return b;
    });
    const r = await runCli(['build', broken, '--out', path.join(tmp, 'broken'), '--line', '160']);
    expect(r.code).toBe(2);
    const line = errorLine(r.err);
    expect(line).toMatch(/: the video is damaged: /);
    expect(line).toMatch(/(\d+ frames? could not be decoded \([0-9.]+ s|\d+ frames? (was|were) decoded from damaged data \([0-9.]+–[0-9.]+ s; FFmpeg reported \d+ decoding errors?\))/);

    const race = path.join(tmp, 'broken-skip');
    const s = await runCli(['build', broken, '--out', race, '--line', '160', '--skip-bad']);
    expect(s.code).toBe(0);
    const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { columns: number; gaps: { from_s: number; to_s: number; reason: string }[] };
    expect(info.columns).toBeLessThan(FRAMES);
    const bad = info.gaps.filter((g) => g.reason === 'bad-frame');
    expect(bad.length).toBeGreaterThan(0);
    // The damage sits in the middle of the clip (about 7 s of 15), not at its ends.
    for (const g of bad) expect(g.from_s).toBeGreaterThan(3);
    for (const g of bad) expect(g.to_s).toBeLessThan(13);
  });
});

describe('damaged video skipped reproducibly', () => {
  // Before: decoded on two frame threads, a frame's damage was reported whenever its thread got to it, so this file
  // built with 52 frames left out on most runs and 51 on about one in six.
  it('the same damaged file with --skip-bad gives the same columns and gaps on every build', async () => {
    const source = path.join(tmp, 'clip50.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=50', '-frames:v', '300', '-c:v', 'libx264', '-g', '50', '-pix_fmt', 'yuv420p', source]);
    const bytes = Buffer.from(await readFile(source));
    let seed = 11;
    for (let k = Math.floor(bytes.length / 2); k < Math.floor(bytes.length / 2) + 3000; k++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      bytes[k] = seed & 0xff;
    }
    const broken = path.join(tmp, 'scrambled50.mp4');
    await writeFile(broken, bytes);
    const builds: string[] = [];
    for (let run = 0; run < 5; run++) {
      const race = path.join(tmp, `scrambled-${run}`);
      const s = await runCli(['build', broken, '--out', race, '--line', '100', '--skip-bad', '--no-suggestions']);
      expect(s.code).toBe(0);
      const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { columns: number; gaps: unknown[] };
      builds.push(JSON.stringify({ columns: info.columns, gaps: info.gaps }));
    }
    expect(new Set(builds).size, builds.join('\n')).toBe(1);
  });
});

describe('an animated GIF cut short', () => {
  // Before: a GIF cut at half built 20 of its 40 frames without a word, the last one filled in where its data stopped.
  it('is refused naming the file; with --skip-bad its last (perhaps incomplete) frame is left out as a gap', async () => {
    const gif = path.join(tmp, 'whole.gif');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10', '-t', '4', gif]);
    expect((await runCli(['build', gif, '--out', path.join(tmp, 'gif-whole'), '--line', '80'])).code).toBe(0);
    const bytes = await readFile(gif);
    const cut = path.join(tmp, 'cut.gif');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const r = await runCli(['build', cut, '--out', path.join(tmp, 'gif-cut'), '--line', '80']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toMatch(
      new RegExp(`^photofinish build: ${escapeRegExp(cut)}: the GIF is cut short: it ends without its trailer, after (\\d+) frames \\(the last one perhaps incomplete, any after it lost\\); use --skip-bad`),
    );
    const decoded = Number(/after (\d+) frames/.exec(r.err)?.[1]);
    expect(decoded).toBeGreaterThan(2);
    expect(decoded).toBeLessThan(40);
    const race = path.join(tmp, 'gif-cut-skip');
    const s = await runCli(['build', cut, '--out', race, '--line', '80', '--skip-bad']);
    expect(s.code).toBe(0);
    expect(s.out).toContain(`${decoded - 1} columns × 90 rows`);
    const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { gaps: { after_column: number; files?: string[] }[] };
    expect(info.gaps).toEqual([expect.objectContaining({ after_column: decoded - 2, files: ['cut.gif: cut short, its last frame perhaps incomplete and any after it lost'] })]);
  });
});

describe('a Matroska copy cut short', () => {
  // Matroska gives no stream duration, only the muxer's DURATION tag. Before: a copy cut at 40% built the frames
  // before the cut without a word (FFmpeg only logs "File ended prematurely").
  it('is refused with the times, read from the stream DURATION tag', async () => {
    const mkv = path.join(tmp, 'clip.mkv');
    execFileSync('ffmpeg', ['-v', 'error', '-i', clip, '-c', 'copy', mkv]);
    expect((await runCli(['build', mkv, '--out', path.join(tmp, 'mkv-whole'), '--line', '160'])).code).toBe(0);
    const bytes = await readFile(mkv);
    const cut = path.join(tmp, 'cut.mkv');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.4)));
    const r = await runCli(['build', cut, '--out', path.join(tmp, 'mkv-cut'), '--line', '160']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toMatch(/: the video is damaged: the file is cut short: its frames end at [\d.]+ s but its container declares 15\.08 s \(about \d+ frames missing\)/);
  });
});

describe('an AVI copy cut short', () => {
  // An AVI's index is at its end: cut off, ffprobe estimates a duration from the file's size (no longer than the
  // frames left), so only the header's frame count tells. Before: half the frames built without a word.
  it('is refused with the count its header declares; with --skip-bad the lost end is a gap', async () => {
    const avi = path.join(tmp, 'clip.avi');
    execFileSync('ffmpeg', ['-v', 'error', '-i', clip, '-c:v', 'mjpeg', '-q:v', '8', avi]);
    expect((await runCli(['build', avi, '--out', path.join(tmp, 'avi-whole'), '--line', '160'])).code).toBe(0);
    const bytes = await readFile(avi);
    const cut = path.join(tmp, 'cut.avi');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const r = await runCli(['build', cut, '--out', path.join(tmp, 'avi-cut'), '--line', '160']);
    expect(r.code).toBe(2);
    const m = /: the video is damaged: the file is cut short: it holds (\d+) frames, ending at [\d.]+ s, but its header declares 377 \((\d+) frames missing\)/.exec(errorLine(r.err));
    expect(m).not.toBeNull();
    expect(Number(m?.[1]) + Number(m?.[2])).toBe(FRAMES);
    const race = path.join(tmp, 'avi-cut-skip');
    expect((await runCli(['build', cut, '--out', race, '--line', '160', '--skip-bad'])).code).toBe(0);
    const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { gaps: { to_s: number }[] };
    expect(info.gaps.at(-1)?.to_s).toBe(15.04);
  });
});
