/**
 * The real clip ../shared/real-media/car-detection.mp4 (a parking aisle; its AAC track holds digital silence):
 * `--audio` must say there is nothing to find rather than invent a start, and `--flash` must not take the camera's
 * auto-exposure swings for a flash.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../fixtures/cli-capture.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const video = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
const present = existsSync(video);
if (!present) console.warn(`Skipping the real-footage start tests: ${video} is absent (shared test footage, not part of the repository).`);

describe.skipIf(!present)('time zero on the real clip car-detection.mp4', () => {
  let tmp: string;
  let race: string;
  const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-real-start-'));
    process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
    race = path.join(tmp, 'car.race');
    const r = await runCli(['build', video, '--out', race, '--line', '0,216,767,216']);
    if (r.code !== 0) throw new Error(r.err);
  });
  afterAll(async () => {
    if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
    else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('--audio finds no start: the sound track is digital silence', async () => {
    const r = await runCli(['start', race, '--audio', '--by', 'Starter']);
    expect(r).toMatchObject({ code: 2, err: `photofinish start: ${video}: the audio track is silent throughout (digital silence): no start signal to find` });
  });

  it('--flash finds none either: auto exposure changes the brightness by at most 4 grey levels a frame', async () => {
    const r = await runCli(['start', race, '--flash', '--by', 'Starter']);
    expect(r).toMatchObject({ code: 2, err: `photofinish start: ${video}: no flash found (no frame brightens abruptly over the one before)` });
    expect(JSON.parse((await runCli(['results', race, '--json'])).out).start.method).toBeNull();
  });
});
