/**
 * The detector on small synthetic races built by the real build: order, sub-frame error and direction against
 * exact ground truth, across directions, formats, slanted lines, jitter and dropped frames.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyntheticCar, SyntheticScenario } from '../../synthetic/synthetic-race.js';
import { scoreScenario } from '../../synthetic/score.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'pf-detect-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const cars = (speed: number, cross: number, gaps: number[]): SyntheticCar[] =>
  gaps.map((g, k) => ({ id: String(k + 1), top: 27 + 40 * k, crossFrame: cross + g, speed, body: ([[205, 40, 44], [36, 92, 204], [236, 192, 36]] as const)[k] as [number, number, number] }));

function small(s: Partial<SyntheticScenario> & Pick<SyntheticScenario, 'name' | 'fps' | 'direction' | 'format' | 'cars'>): SyntheticScenario {
  return { frames: 120, length: 200, breadth: 140, shutter: 0.5, noise: 2, lineAt: 120, seed: 42, ...s };
}

describe('detectEdgesForRace on synthetic races', () => {
  it('orders a 0.3-frame photo finish at 1000 fps and reads each crossing to a few hundredths of a frame', async () => {
    const score = await scoreScenario(small({ name: 'ltr png', fps: 1000, direction: 'left-to-right', format: 'png', cars: cars(1.5, 60.37, [0, 0.3]) }), path.join(work, 'a'));
    expect(score.missed).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    expect(score.orderRight).toBe(true);
    expect(score.worstAbsFrames).toBeLessThan(0.15);
    expect(score.medianAbsFrames).toBeLessThan(0.06);
    expect(score.edges.map((e) => e.direction)).toEqual(['left-to-right', 'left-to-right']);
  });

  it('handles right-to-left motion over a slanted line in JPEG frames', async () => {
    const score = await scoreScenario(
      small({ name: 'rtl jpeg slanted', fps: 500, direction: 'right-to-left', format: 'jpeg', slope: 0.1, lineAt: 120.4, cars: cars(3, 30.52, [0, 0.4]) }),
      path.join(work, 'b'),
    );
    expect(score.edges.map((e) => e.direction)).toEqual(['right-to-left', 'right-to-left']);
    expect(score.missed).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    expect(score.orderRight).toBe(true);
    expect(score.worstAbsFrames).toBeLessThan(0.15);
  });

  it('uses the true times of jittered and dropped frames for cars moving down', async () => {
    const score = await scoreScenario(
      small({ name: 'down jitter drop', fps: 600, direction: 'down', format: 'png', jitter: 0.3, dropped: [40, 43], cars: cars(3, 40.3, [0, 0.45]) }),
      path.join(work, 'c'),
    );
    expect(score.edges.map((e) => e.direction)).toEqual(['down', 'down']);
    expect(score.missed).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    expect(score.orderRight).toBe(true);
    expect(score.worstAbsFrames).toBeLessThan(0.15);
  });

  it('finds fast cars going up at 120 fps with full-interval motion blur, and names the direction', async () => {
    const score = await scoreScenario(
      small({ name: 'up 120', fps: 120, direction: 'up', format: 'jpeg', shutter: 1, cars: cars(11, 12.71, [0, 0.5]) }),
      path.join(work, 'd'),
    );
    expect(score.edges.map((e) => e.direction)).toEqual(['up', 'up']);
    expect(score.missed).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    expect(score.orderRight).toBe(true);
    expect(score.worstAbsFrames).toBeLessThan(0.15);
  });
});
