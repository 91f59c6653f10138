/**
 * What a build of a JPEG folder through FFmpeg costs beyond the decoding (issue 26, item 7): FFmpeg is started three
 * times (the reference frame, then two decoders; no `ffmpeg -version` of its own, the reference frame's run tells
 * the version), sharp is never loaded (0.2 CPU-s), and the numbered links FFmpeg reads go into the user's runtime
 * folder (a tmpfs on Linux desktops: links there cost a fraction of the kernel time they cost on ext4).
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFrames, type PixelFn } from '../../../fixtures/synthetic-frames.js';
import { packagesLoaded, writePackageHook } from '../../../helpers/package-hook.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);
const level: PixelFn = (x, _y, f, c) => (x + f * 7 + c * 40) % 250;

let tmp: string;
let register: string;
let wrapper: string;
let calls: string;
let runtime: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-jpeg-processes-'));
  register = await writePackageHook(tmp);
  // FFmpeg behind a script that writes down every start, one line of arguments each.
  calls = path.join(tmp, 'ffmpeg-calls.txt');
  wrapper = path.join(tmp, 'ffmpeg-logged');
  await writeFile(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec ffmpeg "$@"\n`);
  await chmod(wrapper, 0o755);
  runtime = path.join(tmp, 'runtime');
  await mkdir(runtime, { mode: 0o700 });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function build(frames: string, out: string): Promise<{ packages: Set<string>; starts: string[] }> {
  await rm(calls, { force: true });
  const r = await run(process.execPath, ['--import', register, path.join(repoRoot, 'bin/photofinish.mjs'), 'build', frames, '--out', out, '--fps', '100', '--line', '100', '--no-suggestions'], {
    env: { ...process.env, PHOTOFINISH_FROM_SOURCE: '1', FFMPEG_PATH: wrapper, XDG_RUNTIME_DIR: runtime, PHOTOFINISH_DATA_DIR: path.join(tmp, 'data') },
  });
  const starts = (await readFile(calls, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return { packages: packagesLoaded(r.stderr), starts };
}

describe('a JPEG folder built through FFmpeg', () => {
  it('starts FFmpeg three times, never loads sharp, and makes its links in the runtime folder', async () => {
    const frames = path.join(tmp, 'jpeg');
    await writeFrames(frames, { width: 200, height: 120, frames: 80, format: 'jpeg', pixel: level });
    const out = path.join(tmp, 'race-jpeg');
    const { packages, starts } = await build(frames, out);

    const manifest = JSON.parse(await readFile(path.join(out, 'evidence/manifest.json'), 'utf8')) as { source: { decoder?: string; files: unknown[] } };
    expect(manifest.source.decoder).toBe('ffmpeg');
    expect(manifest.source.files).toHaveLength(80);
    expect(packages.has('sharp'), 'sharp was loaded').toBe(false);
    expect(starts.filter((s) => /(^| )-version( |$)/.test(s)), 'a run only to ask the version').toEqual([]);
    expect(starts).toHaveLength(3);
    const decoders = starts.filter((s) => s.includes('-pattern_type sequence'));
    expect(decoders).toHaveLength(2);
    for (const d of decoders) expect(d).toContain(`-i ${runtime}${path.sep}`);
  });

  it('PNG frames are decoded with sharp (the hook sees it load)', async () => {
    const frames = path.join(tmp, 'png');
    await writeFrames(frames, { width: 200, height: 120, frames: 6, format: 'png', pixel: level });
    const { packages } = await build(frames, path.join(tmp, 'race-png'));
    expect(packages.has('sharp')).toBe(true);
  });
});
