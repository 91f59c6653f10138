import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../app/cli/main.js';
import type { ExportFixture } from '../../../helpers/export-fixture.js';
import { makeStoreExportRace } from '../../../helpers/store-export-race.js';
import { pdfText } from '../../../helpers/export-poppler.js';

/** `photofinish export` end to end: a race created by the store, marked and certified through the API. */
let fx: ExportFixture;
let dataDir: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;

async function cli(argv: string[]): Promise<{ status: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), isTTY: false });
  return { status, out, err };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-export-data-'));
  process.env.PHOTOFINISH_DATA_DIR = dataDir;
  const { fx: made, api, raceId } = await makeStoreExportRace(dataDir);
  fx = made;
  const race = { raceId };
  await api.placeMark({ raceId: race.raceId, competitorId: '7', column: 200.5, by: 'Jane Official' });
  await api.placeMark({ raceId: race.raceId, competitorId: '12', column: 230, by: 'Jane Official' });
  await api.placeMark({ raceId: race.raceId, competitorId: '21', timeS: '10.28', by: 'Jane Official' });
  for (const id of ['3', '5']) await api.setStatus({ raceId: race.raceId, competitorId: id, status: 'DNS', by: 'Jane Official' });
  await api.setStatus({ raceId: race.raceId, competitorId: '9', status: 'DNF', by: 'Jane Official' });
  await api.certify({ raceId: race.raceId, official: 'Jane Official' });
});

afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await fx.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('photofinish export', () => {
  it('writes all five exports into RACE/exports and prints each path', async () => {
    const r = await cli(['export', fx.dir]);
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.out).toHaveLength(5);
    for (const p of r.out) {
      expect(path.dirname(p)).toBe(path.join(await fs.realpath(fx.dir), 'exports'));
      expect((await fs.stat(p)).size).toBeGreaterThan(0);
    }
    const text = await pdfText(await fs.readFile(r.out[0] as string));
    for (const name of ['Anna Müller', "Zoë Ñúñez-O'Brien", 'Łukasz Kowalski', 'Chloé Dubois']) expect(text).toContain(name);
    expect(text).toContain('Certified by Jane Official');
  });

  it('writes only the files named, on Letter paper, with the same bytes each time', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-export-out-'));
    try {
      const a = await cli(['export', fx.dir, '--pdf', path.join(out, 'a.pdf'), '--lif', path.join(out, 'a.lif'), '--paper', 'Letter']);
      expect(a.out).toEqual([path.join(out, 'a.pdf'), path.join(out, 'a.lif')]);
      const b = await cli(['export', fx.dir, '--pdf', path.join(out, 'b.pdf'), '--paper', 'letter']);
      expect(b.status).toBe(0);
      expect((await fs.readFile(path.join(out, 'a.pdf'))).equals(await fs.readFile(path.join(out, 'b.pdf')))).toBe(true);
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  });

  it('writes all five into another folder with --dir', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-export-dir-'));
    try {
      const r = await cli(['export', fx.dir, '--dir', out]);
      expect(r.status).toBe(0);
      expect(r.out.map((p) => path.basename(p))).toEqual(['pdf', 'csv', 'json', 'lif', 'png'].map((k) => `012-1-02-mens-100-m-r1.${k}`));
      expect(r.out.every((p) => path.dirname(p) === out)).toBe(true);
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  });

  it('explains a bad paper size or a missing folder in one line', async () => {
    const bad = await cli(['export', fx.dir, '--paper', 'A3']);
    expect(bad.status).toBe(2);
    expect(bad.err).toEqual(['photofinish export: --paper must be A4 or Letter, got "A3"']);
    const missing = await cli(['export', fx.dir, '--csv', path.join(os.tmpdir(), 'pf-no-such-folder', 'r.csv')]);
    expect(missing.status).toBe(2);
    expect(missing.err[0]).toMatch(/no-such-folder does not exist$/);
  });
});
