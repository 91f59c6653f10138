/**
 * The fast FFmpeg JPEG path names the right file: a smaller JPEG among 640×360 frames is reported as itself (not the
 * good frame before it), at positions 2, 10, 17 and 30 (inside and at the edges of the two processes' blocks) and
 * at position 0 (an odd first frame does not set the folder's size), and with --skip-bad the bad frame is the one
 * left out, its neighbours kept.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../fixtures/cli-capture.js';
import { writeFrames, type PixelFn } from '../../../fixtures/synthetic-frames.js';

let tmp: string;
let good: string;
const N = 40;
const name = (i: number) => `f_${String(i).padStart(5, '0')}.jpg`;
const level: PixelFn = (_x, _y, f, c) => (f * 5 + c * 20 + 30) % 250;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-jpeg-attr-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  good = path.join(tmp, 'good');
  await writeFrames(good, { width: 640, height: 360, frames: N, format: 'jpeg', name, pixel: level });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The good frames with frame `at` replaced by a smaller (320×180) JPEG. */
async function withSmallFrame(at: number): Promise<string> {
  const dir = path.join(tmp, `small-at-${at}`);
  await mkdir(dir);
  for (const f of await readdir(good)) await copyFile(path.join(good, f), path.join(dir, f));
  await writeFile(path.join(dir, name(at)), await sharp({ create: { width: 320, height: 180, channels: 3, background: '#808080' } }).jpeg().toBuffer());
  return dir;
}

describe('a smaller JPEG among the frames', () => {
  for (const at of [2, 10, 17, 30]) {
    it(`at position ${at}: named itself; with --skip-bad it alone is left out`, async () => {
      const dir = await withSmallFrame(at);
      const r = await runCli(['build', dir, '--out', path.join(tmp, `r-${at}`), '--fps', '100', '--line', '320']);
      expect(r.code).toBe(2);
      const line = r.err.split('\n').find((l) => l.startsWith('photofinish build:')) ?? '';
      expect(line).toContain(path.join(dir, name(at)));
      expect(line).toContain('320×180 px');
      expect(line).not.toContain(name(at - 1));

      const race = path.join(tmp, `r-${at}-skip`);
      const s = await runCli(['build', dir, '--out', race, '--fps', '100', '--line', '320', '--skip-bad']);
      expect(s.code).toBe(0);
      expect(s.out).toContain(`${N - 1} columns × 360 rows`);
      expect(s.out).toContain(`bad frame left out: ${name(at)}`);
      const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { decoder: string; gaps: { files?: string[] }[] };
      expect(info.decoder).toBe('ffmpeg');
      expect(info.gaps.flatMap((g) => g.files ?? [])).toEqual([name(at)]);
      // The neighbours are in the composite, each in its own column: column at-1 is frame at-1, column at is frame at+1.
      const { data, info: img } = await sharp(path.join(race, 'evidence', 'composite.png')).raw().toBuffer({ resolveWithObject: true });
      const red = (column: number) => data[(100 * img.width + column) * 3] as number;
      expect(Math.abs(red(at - 1) - level(0, 0, at - 1, 0))).toBeLessThanOrEqual(3);
      expect(Math.abs(red(at) - level(0, 0, at + 1, 0))).toBeLessThanOrEqual(3);
    });
  }
});

describe('an odd first frame', () => {
  // Before: the first frame set the size, so every good frame after it was blamed ("f_00001.jpg: frame is 640×360
  // px but f_00000.jpg is 320×180 px") and --skip-bad left out the 39 good frames, keeping the odd one.
  it('is named itself (JPEG, through FFmpeg); with --skip-bad it alone is left out', async () => {
    const dir = await withSmallFrame(0);
    const r = await runCli(['build', dir, '--out', path.join(tmp, 'r-first'), '--fps', '100', '--line', '320']);
    expect(r.code).toBe(2);
    expect(r.err.split('\n').find((l) => l.startsWith('photofinish build:'))).toBe(
      `photofinish build: ${path.join(dir, name(0))}: frame is 320×180 px but ${name(1)} is 640×360 px (all frames must be the same size); use --skip-bad to leave bad frames out as a gap`,
    );
    const race = path.join(tmp, 'r-first-skip');
    const s = await runCli(['build', dir, '--out', race, '--fps', '100', '--line', '320', '--skip-bad']);
    expect(s.code).toBe(0);
    expect(s.out).toContain(`${N - 1} columns × 360 rows`);
    const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { decoder: string; first_time_s: number; gaps: { files?: string[] }[] };
    expect(info.decoder).toBe('ffmpeg');
    expect(info.first_time_s).toBe(0.01);
    expect(info.gaps.flatMap((g) => g.files ?? [])).toEqual([name(0)]);
  });

  it('is named itself among PNG frames (decoded with sharp)', async () => {
    const dir = path.join(tmp, 'png-first-odd');
    await writeFrames(dir, { width: 64, height: 36, frames: 6 });
    const [first] = (await readdir(dir)).sort();
    await writeFile(path.join(dir, first as string), await sharp({ create: { width: 32, height: 18, channels: 3, background: '#808080' } }).png().toBuffer());
    const r = await runCli(['build', dir, '--out', path.join(tmp, 'r-png-first'), '--fps', '100']);
    expect(r.code).toBe(2);
    expect(r.err.split('\n').find((l) => l.startsWith('photofinish build:'))).toMatch(
      new RegExp(`^photofinish build: .*${first}: frame is 32×18 px but \\S+ is 64×36 px \\(all frames must be the same size\\)`),
    );
  });
});

describe('a JPEG damaged inside (good header and end marker)', () => {
  it('is named itself, and with --skip-bad its neighbours are kept', async () => {
    const at = 17;
    const dir = path.join(tmp, 'damaged-inside');
    await mkdir(dir);
    for (const f of await readdir(good)) await copyFile(path.join(good, f), path.join(dir, f));
    const file = path.join(dir, name(at));
    const bytes = await readFile(file);
    // Scribble over the middle of the entropy-coded data, keeping the headers and the end marker.
    for (let k = Math.floor(bytes.length * 0.4); k < Math.floor(bytes.length * 0.6); k += 3) bytes[k] = 0xff;
    await writeFile(file, bytes);
    const r = await runCli(['build', dir, '--out', path.join(tmp, 'damaged'), '--fps', '100', '--line', '320']);
    expect(r.code).toBe(2);
    const line = r.err.split('\n').find((l) => l.startsWith('photofinish build:')) ?? '';
    expect(line).toContain(`${file}: not a readable image`);
    const race = path.join(tmp, 'damaged-skip');
    const s = await runCli(['build', dir, '--out', race, '--fps', '100', '--line', '320', '--skip-bad']);
    expect(s.code).toBe(0);
    expect(s.out).toContain(`${N - 1} columns × 360 rows`);
    expect(s.out).toContain(`bad frame left out: ${name(at)}`);
  });
});
