/**
 * One suggestion per body on a committed real clip (test/media/real, tuning set): the bolt on the conveyor belt shows
 * its shank as pieces a few rows apart, which are one rigid body (one straight front, crossing together), not
 * competitors side by side.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../app/api/methods/build.js';
import { detectEdgesForRace } from '../../../app/detection/detect-race.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../media/real');
const clip = 'bolt-multi-size-detection.frames-3-18';

let work = '';
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the bolt on the conveyor belt', () => {
  // Before: the shank's pieces at rows 115–143 and 148–180 (4 rows apart) got a suggestion each.
  it('gives the pieces of its shank a few rows apart one suggestion', async () => {
    const labels = JSON.parse(await readFile(path.join(folder, `${clip}.labels.json`), 'utf8')) as { line: unknown };
    work = await mkdtemp(path.join(os.tmpdir(), 'pf-detect-bolt-'));
    const { racePath } = await buildRace(buildRequest.parse({ source: path.join(folder, `${clip}.gif`), out: path.join(work, 'race'), line: labels.line, timing: { kind: 'source' } }));
    const edges = await detectEdgesForRace(racePath);
    const shank = edges.filter((e) => e.rows[0] >= 110 && e.rows[1] <= 185);
    expect(shank.map((e) => e.rows)).toHaveLength(1);
  });
});
