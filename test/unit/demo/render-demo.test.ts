import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoFrameName,
  demoStartListCsv,
  demoTimestampsCsv,
  demoTruth,
  encodeDemoFrame,
  renderDemoSource,
  type DemoSource,
  type DemoTruth,
} from '../../../app/demo/render-demo.js';

async function digestTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.join(rel, entry.name);
      if (entry.isDirectory()) await walk(r);
      else out.set(r, createHash('sha256').update(await readFile(path.join(dir, r))).digest('hex'));
    }
  };
  await walk('');
  return out;
}

describe('demo race source', () => {
  let tmp: string;
  let first: DemoSource;
  let truth: DemoTruth;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-demo-'));
    first = await renderDemoSource(path.join(tmp, 'a'));
    truth = JSON.parse(await readFile(first.truthFile, 'utf8')) as DemoTruth;
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('renders the same bytes every time', async () => {
    // Every 8th frame rendered and encoded again, and the text files made again, match the first render's bytes.
    const a = await digestTree(path.join(tmp, 'a'));
    expect(a.size).toBe(320 + 3);
    for (let i = 0; i < 320; i += 8) {
      const again = createHash('sha256').update(await encodeDemoFrame(i)).digest('hex');
      expect(again, `frame ${i}`).toBe(a.get(path.join('frames', demoFrameName(i))));
    }
    expect(createHash('sha256').update(demoTimestampsCsv()).digest('hex')).toBe(a.get('timestamps.csv'));
    expect(createHash('sha256').update(demoStartListCsv()).digest('hex')).toBe(a.get('start-list.csv'));
    expect(createHash('sha256').update(`${JSON.stringify(demoTruth(), null, 2)}\n`).digest('hex')).toBe(a.get('truth.json'));
    // Neighbouring frames differ (the cars move), so equal hashes above are not an accident of a still image.
    expect(a.get(path.join('frames', demoFrameName(200)))).not.toBe(a.get(path.join('frames', demoFrameName(201))));
  });

  it('writes a timestamps file, a start list and a truth with a one-thousandth decision', async () => {
    const stamps = (await readFile(first.timestampsFile, 'utf8')).trim().split('\n');
    expect(stamps[0]).toBe('file,time_s');
    expect(stamps[1]).toBe('frame_00000.jpg,0.000');
    expect(stamps[320]).toBe('frame_00319.jpg,0.319');
    const starters = (await readFile(first.startListFile, 'utf8')).trim().split('\n');
    expect(starters[0]).toBe('id,name,team,lane');
    expect(starters).toHaveLength(1 + truth.cars.length);
    expect(truth.cars.length).toBeGreaterThanOrEqual(3);
    const closest = Math.min(...truth.margins.map((m) => Number(m.margin_s)));
    expect(closest).toBeGreaterThan(0.0005);
    expect(closest).toBeLessThan(0.0015);
    expect(first.line).toEqual({ kind: 'column', x: 320 });
  });

  it('has the order a plain threshold detector sees on the line', async () => {
    const files = (await readdir(first.framesDir)).filter((f) => f.endsWith('.jpg')).sort();
    const columns = await Promise.all(
      files.map(async (f) => {
        const { data } = await sharp(path.join(first.framesDir, f))
          .extract({ left: 320, top: 0, width: 1, height: 270 })
          .raw()
          .toBuffer({ resolveWithObject: true });
        return data;
      }),
    );
    const background = columns[0] as Buffer;
    const firstFrame = new Map<string, number>();
    for (const car of truth.cars) {
      const [top, bottom] = car.rows;
      const at = columns.findIndex((col) => {
        let diff = 0;
        for (let y = top + 4; y <= bottom - 4; y++) {
          for (let k = 0; k < 3; k++) diff += Math.abs((col[y * 3 + k] as number) - (background[y * 3 + k] as number));
        }
        return diff / ((bottom - top - 7) * 3) > 40;
      });
      expect(at, `car ${car.id} never reaches the line`).toBeGreaterThan(0);
      // A threshold sees the car in the first frame after its exact crossing, or one later if it barely touched.
      expect(at).toBeGreaterThanOrEqual(Math.ceil(car.expected_column));
      expect(at).toBeLessThanOrEqual(Math.ceil(car.expected_column) + 1);
      firstFrame.set(car.id, at);
    }
    const seen = [...firstFrame.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
    expect(seen).toEqual(truth.order);
  });
});
