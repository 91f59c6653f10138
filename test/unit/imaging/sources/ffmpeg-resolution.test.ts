/**
 * Which ffmpeg and ffprobe run: the packaged app's own copy first, then FFMPEG_PATH / FFPROBE_PATH, then PATH; and
 * a static snapshot build (no release number, as the bundled one is) is recognised by its library versions.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundledTool, ffmpegPath, ffprobePath, versionOf } from '../../../../app/imaging/sources/ffmpeg.js';

let resources: string;
const proc = process as { resourcesPath?: string };
beforeAll(async () => {
  resources = await mkdtemp(path.join(os.tmpdir(), 'pf-resources-'));
  await mkdir(path.join(resources, 'ffmpeg'));
  for (const tool of ['ffmpeg', 'ffprobe']) {
    const file = path.join(resources, 'ffmpeg', process.platform === 'win32' ? `${tool}.exe` : tool);
    await writeFile(file, '#!/bin/sh\n');
    await chmod(file, 0o755);
  }
});
afterAll(async () => {
  await rm(resources, { recursive: true, force: true });
});
afterEach(() => {
  delete proc.resourcesPath;
  vi.unstubAllEnvs();
});

describe('finding ffmpeg and ffprobe', () => {
  it('prefers the packaged copy, then FFMPEG_PATH / FFPROBE_PATH, then PATH', () => {
    vi.stubEnv('FFMPEG_PATH', '/opt/ff/bin/ffmpeg');
    vi.stubEnv('FFPROBE_PATH', '/opt/ff/bin/ffprobe');
    proc.resourcesPath = resources;
    expect(ffmpegPath()).toBe(path.join(resources, 'ffmpeg', 'ffmpeg'));
    expect(ffprobePath()).toBe(path.join(resources, 'ffmpeg', 'ffprobe'));
    delete proc.resourcesPath;
    expect(ffmpegPath()).toBe('/opt/ff/bin/ffmpeg');
    expect(ffprobePath()).toBe('/opt/ff/bin/ffprobe');
    vi.stubEnv('FFMPEG_PATH', '');
    vi.stubEnv('FFPROBE_PATH', '');
    expect(ffmpegPath()).toBe('ffmpeg');
    expect(ffprobePath()).toBe('ffprobe');
  });

  it('skips a packaged copy that is missing (an app without resources/ffmpeg)', () => {
    expect(bundledTool('ffmpeg', path.join(resources, 'nowhere'))).toBeNull();
    expect(bundledTool('ffmpeg', undefined)).toBeNull();
  });

  it('reads the release of a release build and of a static snapshot', () => {
    expect(versionOf('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026')).toEqual({ major: 5, minor: 1 });
    expect(versionOf('ffmpeg version N-47683-g0e8eb07980-static\nlibavutil      56. 24.101\nlibavcodec     58. 42.100 / 58. 42.100')).toEqual({ major: 4, minor: 4 });
    expect(versionOf('ffmpeg version N-111111-gabc\nlibavcodec     59. 37.100 / 59. 37.100')).toEqual({ major: 5, minor: 1 });
    expect(versionOf('ffmpeg version N-1-g1\nlibavcodec     60.  3.100')).toEqual({ major: 6, minor: 0 });
  });
});
