/**
 * The real clips committed under test/media/real, which `npm run bench:accuracy` measures the detector against:
 * each label file names its clip and its set, the clip is there and builds with the label's line, and each hand-read
 * crossing follows from its own readings on the clock the build gives the clip (a label read on the uncut footage's
 * frame numbers or times would be off by the cut's start). The folder says where the footage came from and under
 * which licence, and stays small.
 */
import { readdir, readFile, rm, mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../app/api/methods/build.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.resolve(here, '../../media/real');

interface Point {
  x: number;
  y: number;
}
interface Labels {
  clip: string;
  set: string;
  source: { url: string; file: string; sha256: string; frames: string };
  line: { kind: 'segment'; x1: number; y1: number; x2: number; y2: number };
  frameIntervalS: number;
  method: string[];
  crossings: {
    id: string;
    rows: [number, number];
    before: { frame: number; leadingPoint: Point };
    after: { frame: number; leadingPoint: Point };
    column: number;
    time_s: number;
    sigmaFrames: number;
  }[];
}

const names = (await readdir(folder)).filter((f) => f.endsWith('.labels.json')).sort();
const labelsOf = async (name: string) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as Labels;

let work = '';
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the committed real clips (test/media/real)', () => {
  it('hold at least four labelled crossings, in both the tuning and the test set, under CC BY 4.0, in a few MB', async () => {
    const all = await Promise.all(names.map(labelsOf));
    expect(all.map((l) => l.set).every((s) => s === 'tuning' || s === 'test')).toBe(true);
    expect(new Set(all.map((l) => l.set))).toEqual(new Set(['tuning', 'test']));
    expect(all.reduce((n, l) => n + l.crossings.length, 0)).toBeGreaterThanOrEqual(4);
    const readme = await readFile(path.join(folder, 'README.md'), 'utf8');
    expect(readme).toContain('CC BY 4.0');
    expect(readme).toContain('https://github.com/intel-iot-devkit/sample-videos');
    for (const l of all) expect(readme, `README.md lists ${l.clip}`).toContain(l.clip);
    expect(await readFile(path.join(folder, 'LICENSE'), 'utf8')).toMatch(/^Attribution 4\.0 International/);
    // Never the clips kept out for independent evaluation.
    expect(all.map((l) => l.source.file).join(' ')).not.toMatch(/one-by-one-person|bottle-detection/);
    let bytes = 0;
    for (const f of await readdir(folder)) bytes += (await stat(path.join(folder, f))).size;
    expect(bytes).toBeLessThan(5_000_000);
  });

  it.each(names)('%s: the clip builds with its line, and each crossing follows from its readings on the clip’s own clock', async (name) => {
    const labels = await labelsOf(name);
    work ||= await mkdtemp(path.join(os.tmpdir(), 'pf-committed-clips-'));
    const { racePath } = await buildRace(
      buildRequest.parse({ source: path.join(folder, labels.clip), out: path.join(work, labels.clip), line: labels.line, timing: { kind: 'source' } }),
    );
    const { timesNs } = JSON.parse(await readFile(path.join(racePath, 'evidence', 'times.json'), 'utf8')) as { timesNs: string[] };
    const horizontal = labels.line.y1 === labels.line.y2;
    const at = horizontal ? labels.line.y1 : labels.line.x1;
    for (const c of labels.crossings) {
      const before = horizontal ? c.before.leadingPoint.y : c.before.leadingPoint.x;
      const after = horizontal ? c.after.leadingPoint.y : c.after.leadingPoint.x;
      // The line lies between the two readings, on consecutive frames.
      expect(c.after.frame).toBe(c.before.frame + 1);
      expect((before - at) * (after - at)).toBeLessThan(0);
      const share = (before - at) / (before - after);
      expect(c.column, `${c.id}: column`).toBeCloseTo(c.before.frame + share, 3);
      const t0 = Number(timesNs[c.before.frame]) / 1e9;
      const t1 = Number(timesNs[c.after.frame]) / 1e9;
      expect(Math.abs(c.time_s - (t0 + share * (t1 - t0))), `${c.id}: time`).toBeLessThan(1e-4);
      expect(c.sigmaFrames).toBeGreaterThan(0);
      expect(c.rows[1]).toBeGreaterThan(c.rows[0]);
    }
  });
});
