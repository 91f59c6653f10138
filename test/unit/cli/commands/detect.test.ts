/** `photofinish detect RACE [--json]` through the real CLI entry, service and API, on a small synthetic race. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../../app/api/methods/build.js';
import { main } from '../../../../app/cli/main.js';
import { buildRace } from '../../../../app/imaging/race-builder/build-race.js';
import { renderSyntheticRace, type SyntheticRace } from '../../../synthetic/synthetic-race.js';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), isTTY: false }, out, err };
}

describe('photofinish detect', () => {
  let work: string;
  let racePath: string;
  let race: SyntheticRace;
  const previousDataDir = process.env.PHOTOFINISH_DATA_DIR;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'pf-detect-cli-'));
    process.env.PHOTOFINISH_DATA_DIR = path.join(work, 'data');
    race = await renderSyntheticRace(
      {
        name: 'cli', fps: 1000, frames: 110, length: 200, breadth: 140, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'png', lineAt: 120, seed: 5,
        cars: [
          { id: '7', top: 27, crossFrame: 55.4, speed: 1.6, body: [205, 40, 44] },
          { id: '9', top: 67, crossFrame: 56.1, speed: 1.6, body: [36, 92, 204] },
        ],
      },
      path.join(work, 'source'),
    );
    ({ racePath } = await buildRace(buildRequest.parse({ source: race.framesDir, out: path.join(work, 'race'), line: race.line, timing: { kind: 'timestamps', file: race.timestampsFile } })));
  });
  afterAll(async () => {
    if (previousDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
    else process.env.PHOTOFINISH_DATA_DIR = previousDataDir;
    await rm(work, { recursive: true, force: true });
  });

  it('prints the edges as JSON, sorted by time, with the documented fields', async () => {
    const { io, out, err } = captureIo();
    expect(await main(['detect', racePath, '--json'], io)).toBe(0);
    expect(err).toEqual([]);
    const { edges } = JSON.parse(out.join('\n')) as { edges: Record<string, unknown>[] };
    expect(edges).toHaveLength(2);
    for (const e of edges) {
      expect(Object.keys(e)).toEqual(expect.arrayContaining(['time_s', 'column', 'rows', 'direction', 'uncertainty_s', 'uncertainty_calibrated', 'flags', 'confidence']));
      expect(e.direction).toBe('left-to-right');
      // Sub-frame readings from the frames: a calibrated uncertainty, nothing to flag.
      expect(e.uncertainty_calibrated).toBe(true);
      expect(e.flags).toEqual([]);
    }
    const [a, b] = edges as { time_s: number; column: number; rows: [number, number]; uncertainty_s: number }[];
    expect(a!.time_s).toBeLessThan(b!.time_s);
    expect(Math.abs(a!.time_s - race.truth[0]!.crossingS)).toBeLessThan(0.00015);
    expect(Math.abs(b!.time_s - race.truth[1]!.crossingS)).toBeLessThan(0.00015);
    // Column and time agree: frame i is at i ms, so the column is the time in ms.
    expect(a!.column).toBeCloseTo(a!.time_s * 1000, 2);
    expect(a!.rows[0]).toBeLessThan(a!.rows[1]);
    expect(a!.uncertainty_s).toBeGreaterThan(0);
  });

  it('prints a table for people, and a one-line error for a folder that is not a race', async () => {
    const table = captureIo();
    expect(await main(['detect', racePath], table.io)).toBe(0);
    expect(table.out.join('\n')).toMatch(/2 suggested leading edges/);
    const bad = captureIo();
    expect(await main(['detect', work], bad.io)).toBe(2);
    expect(bad.err).toHaveLength(1);
    expect(bad.err[0]).toMatch(/^photofinish detect: /);
  });
});
