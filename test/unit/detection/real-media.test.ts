/**
 * Real footage: a top-down parking-aisle video whose auto-exposure swings the whole frame's brightness. With the
 * finish line across the aisle at y = 216, the four vehicles that cross it must be suggested and nothing else.
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../app/api/methods/build.js';
import { detectEdgesForRace } from '../../../app/detection/detect-race.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const video = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
const present = await access(video).then(
  () => true,
  () => false,
);
if (!present) console.warn(`real-media detection test skipped: ${video} is absent`);

describe.skipIf(!present)('detection on real footage (car-detection.mp4)', () => {
  let work = '';
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('finds the four vehicles crossing y = 216 and no false edge from the exposure swings', async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'pf-detect-real-'));
    const { racePath } = await buildRace(
      buildRequest.parse({ source: video, out: path.join(work, 'race'), line: { kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 }, timing: { kind: 'source' } }),
    );
    const edges = await detectEdgesForRace(racePath);
    expect(edges).toHaveLength(4);
    // Two lanes, opposite directions: each vehicle in its lane's direction.
    expect(edges.map((e) => e.direction)).toEqual(['up', 'down', 'up', 'down']);
    // Sorted by time, numbered in that order, each between the frames around its first touch.
    expect(edges.map((e) => e.index)).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < edges.length; i++) expect(edges[i]!.time_s).toBeGreaterThan(edges[i - 1]!.time_s);
    // Columns where each first shows on the line (read from the composite by eye), to within a frame.
    [68, 194.5, 200, 324].forEach((c, i) => expect(Math.abs(edges[i]!.column - c)).toBeLessThan(1));
    for (const e of edges) expect(e.uncertainty_s).toBeLessThan(0.04);
    // Deterministic: the same suggestions a second time.
    expect(await detectEdgesForRace(racePath)).toEqual(edges);
  });
});
