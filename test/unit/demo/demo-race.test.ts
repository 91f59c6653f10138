import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPaths, ensureDemoRace } from '../../../app/demo/demo-race.js';
import { detectEdgesForRace } from '../../../app/detection/detect-race.js';
import { loadManifest, readTimes } from '../../../app/store/evidence-reader.js';

describe('ensureDemoRace', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pf-demo-race-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('builds one race for callers that ask at once, then reuses it', async () => {
    const [a, b] = await Promise.all([ensureDemoRace(dataDir), ensureDemoRace(dataDir)]);
    expect(a).toBe(b);
    expect(a).toBe(demoPaths(dataDir).race);
    const manifest = await loadManifest(a);
    expect(manifest.columns).toBe(320);
    expect(manifest.line).toEqual({ kind: 'column', x: 320 });
    const times = await readTimes(a);
    expect(times.timesNs[201]).toBe('201000000');
    const truth = JSON.parse(await readFile(path.join(dataDir, 'demo', 'source', 'truth.json'), 'utf8')) as {
      order: string[];
      cars: { id: string; crossing_s: string; rows: [number, number] }[];
    };
    expect(truth.order).toEqual(['5', '17', '24', '48']);
    // The suggestions separate the one-thousandth finish and read every car to a small fraction of a frame.
    const edges = await detectEdgesForRace(a);
    expect(edges).toHaveLength(4);
    const byRows = (rows: [number, number]) => truth.cars.find((c) => Math.abs(c.rows[0] - rows[0]) <= 3)?.id;
    expect(edges.map((e) => byRows(e.rows))).toEqual(truth.order);
    for (const e of edges) {
      const car = truth.cars.find((c) => c.id === byRows(e.rows))!;
      expect(Math.abs(e.time_s - Number(car.crossing_s))).toBeLessThan(0.0001);
    }
    const built = (await stat(path.join(a, 'race.json'))).mtimeMs;
    const again = await ensureDemoRace(dataDir);
    expect(again).toBe(a);
    expect((await stat(path.join(a, 'race.json'))).mtimeMs).toBe(built);
  });
});
