/**
 * Real footage: a top-down parking-aisle video whose auto-exposure swings the whole frame's brightness and whose
 * cars moving down cast a soft shadow ahead of themselves. With the finish line across the aisle at y = 216, the
 * four vehicles that cross it must be suggested, nothing else, each within half a frame interval of the crossing
 * read by hand from the frames (car-detection.labels.json beside this file), with an uncertainty that covers the
 * error.
 */
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../app/api/methods/build.js';
import { detectEdgesForRace } from '../../../app/detection/detect-race.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..', '..');
const video = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
const present = await access(video).then(
  () => true,
  () => false,
);
if (!present) console.warn(`real-media detection test skipped: ${video} is absent`);

interface Labels {
  frameIntervalS: number;
  crossings: { id: string; direction: string; time_s: number; sigmaFrames: number }[];
}

describe.skipIf(!present)('detection on real footage (car-detection.mp4)', () => {
  let work = '';
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('suggests the four vehicles within half a frame of the hand-read crossings, shadows ahead of the cars moving down included', async () => {
    const labels = JSON.parse(await readFile(path.join(here, 'car-detection.labels.json'), 'utf8')) as Labels;
    work = await mkdtemp(path.join(os.tmpdir(), 'pf-detect-real-'));
    const { racePath } = await buildRace(
      buildRequest.parse({ source: video, out: path.join(work, 'race'), line: { kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 }, timing: { kind: 'source' } }),
    );
    const edges = await detectEdgesForRace(racePath);
    expect(edges).toHaveLength(4);
    // Two lanes, opposite directions: each vehicle in its lane's direction, sorted by time and numbered so.
    expect(edges.map((e) => e.direction)).toEqual(labels.crossings.map((c) => c.direction));
    expect(edges.map((e) => e.index)).toEqual([0, 1, 2, 3]);
    const interval = labels.frameIntervalS;
    labels.crossings.forEach((label, i) => {
      const e = edges[i]!;
      const error = (e.time_s - label.time_s) / interval;
      // Before the shadow was told from the body, the two cars moving down came 2–3 frames early.
      expect(Math.abs(error), `vehicle ${label.id}: error ${error.toFixed(3)} frame`).toBeLessThan(0.5);
      // The stated uncertainty covers the error (with the label's own), and claims no more than the footage allows.
      const sigma = Math.hypot(e.uncertainty_s / interval, label.sigmaFrames);
      expect(Math.abs(error), `vehicle ${label.id}: error ${error.toFixed(3)} against ±${sigma.toFixed(3)}`).toBeLessThan(3 * sigma);
      expect(e.uncertainty_s / interval).toBeGreaterThan(0.05);
    });
    // Deterministic: the same suggestions a second time.
    expect(await detectEdgesForRace(racePath)).toEqual(edges);
  });
});
