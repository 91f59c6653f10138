/**
 * One suggestion per body on a committed real clip (test/media/real, tuning set): the bolt on the conveyor belt shows
 * its shank as pieces a few rows apart, which are one rigid body (one straight front, crossing together), not
 * competitors side by side; and the uncertainty it states for the bolt covers the error of its reading.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../app/api/methods/build.js';
import { detectEdgesForRace } from '../../../app/detection/detect-race.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../media/real');
const clip = 'bolt-multi-size-detection.frames-3-18';

let work = '';
let edges: Awaited<ReturnType<typeof detectEdgesForRace>> = [];
let truthS = NaN;
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the bolt on the conveyor belt', () => {
  // Before: the shank's pieces at rows 115–143 and 148–180 (4 rows apart) got a suggestion each.
  beforeAll(async () => {
    const labels = JSON.parse(await readFile(path.join(folder, `${clip}.labels.json`), 'utf8')) as { line: unknown; crossings: { time_s: number }[] };
    truthS = (labels.crossings[0] as { time_s: number }).time_s;
    work = await mkdtemp(path.join(os.tmpdir(), 'pf-detect-bolt-'));
    const { racePath } = await buildRace(buildRequest.parse({ source: path.join(folder, `${clip}.gif`), out: path.join(work, 'race'), line: labels.line, timing: { kind: 'source' } }));
    edges = await detectEdgesForRace(racePath);
  });

  it('gives the pieces of its shank a few rows apart one suggestion', () => {
    const shank = edges.filter((e) => e.rows[0] >= 110 && e.rows[1] <= 185);
    expect(shank.map((e) => e.rows)).toHaveLength(1);
  });

  // Before: read at its head's bright top, 0.25 frame (5.6 px) behind the dim side face that leads it, claiming
  // ±2.96 ms (5.7σ): the side face's stretch ahead of the front, too faint to be read as the edge, was not counted.
  it('states an uncertainty that covers the error of its reading', () => {
    const nearest = [...edges].sort((a, b) => Math.abs(a.time_s - truthS) - Math.abs(b.time_s - truthS))[0];
    expect(nearest).toBeDefined();
    const e = nearest as (typeof edges)[number];
    expect(Math.abs(e.time_s - truthS) / e.uncertainty_s).toBeLessThanOrEqual(2);
  });
});
