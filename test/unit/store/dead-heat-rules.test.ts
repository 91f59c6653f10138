/**
 * Dead-heaters share one published time and keep their own readings, with no margin between them (result rules 3),
 * in every face, while a race certified under the earlier
 * rules (its certification without `resultsRules`, as the app wrote it before) still verifies intact and still shows
 * what was certified. Greyhounds in traps 2 and 4 are within one frame (60 frames/s) of each other: 30.0383 s and
 * 30.0483 s on the footage clock. The sheet is kept as test-artifacts/dead-heat/greyhound-dead-heat.pdf to be looked at.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../app/domain/audit/chain.js';
import type { Certification } from '../../../app/domain/race/document.js';
import { createService } from '../../../app/service/create-service.js';
import { verifyRaceFolder } from '../../../app/store/verify-race.js';
import { runCli } from '../../fixtures/cli-capture.js';
import { pdfText } from '../../helpers/export-poppler.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';
import { resealWith } from '../../helpers/reseal.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts/dead-heat');
const VIDEO = Array.from({ length: 10 }, (_, c) => 30_000_000_000n + (BigInt(c) * 1_000_000_000n) / 60n);
const DOGS = ['1', '2', '3', '4'].map((trap) => ({ id: trap, name: `Dog ${trap}`, trap }));

let fixture: RaceFixture;
let dataDir: string;

beforeEach(async () => {
  fixture = await makeRaceFixture({ sport: 'greyhound', competitors: DOGS, timesNs: VIDEO });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-data-'));
  const { service: s } = createService({ shell: 'cli', dataDir });
  const { raceId } = await s.openRace({ path: fixture.dir });
  await s.placeMark({ raceId, competitorId: '2', column: 2.3, by: 'Jane' });
  await s.placeMark({ raceId, competitorId: '4', column: 2.9, by: 'Jane' });
  await s.placeMark({ raceId, competitorId: '1', column: 4, by: 'Jane' });
  await s.placeMark({ raceId, competitorId: '3', timeS: '30.1', by: 'Jane' });
  await s.declareDeadHeat({ raceId, competitors: ['2', '4'], by: 'Jane' });
  // The .lif needs the meet software's event number (never invented).
  await s.setEvent({ raceId, number: 3, by: 'Clerk' });
  await s.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' });
});
afterEach(async () => {
  await fixture.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** `photofinish` in-process, with this test's data folder. */
async function cli(...argv: string[]) {
  const saved = process.env.PHOTOFINISH_DATA_DIR;
  process.env.PHOTOFINISH_DATA_DIR = dataDir;
  try {
    return await runCli(argv);
  } finally {
    if (saved === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
    else process.env.PHOTOFINISH_DATA_DIR = saved;
  }
}

async function results() {
  const r = await cli('results', fixture.dir, '--json');
  const json = JSON.parse(r.out) as { finishers: { competitor: string; time_display: string; time_ns: string; margin_display: string; resolution_s: number | null }[] };
  return json.finishers.map((f) => [f.competitor, f.time_display, f.time_ns, f.margin_display, f.resolution_s]);
}

/** The certification rewritten as the app wrote it before result rules existed: no `resultsRules`, hashed by rules 1. */
const asVersion1 = (e: AuditEntry): AuditEntry => {
  if (e.action !== 'race.certified') return e;
  const { resultsRules: _dropped, signature: _old, ...c } = (e.payload as { certification: Certification }).certification;
  return { ...e, payload: { certification: c } };
};

describe('a greyhound dead heat certified under the current result rules (3)', () => {
  it('publishes one time for both dogs, the first one’s, each with its own reading and no margin between them, and verifies intact', async () => {
    expect(await results()).toEqual([
      ['2', '30.04', '30038333333', '', 0.016666667],
      ['4', '30.04', '30048333333', '', 0.016666667],
      ['1', '30.07', '30066666666', 'neck', 0.016666667],
      // A typed time was not read from the picture: no frame interval applies to it.
      ['3', '30.10', '30100000000', 'neck', null],
    ]);
    const audit = (await fs.readFile(path.join(fixture.dir, 'audit.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(audit[audit.length - 1] as string).payload.certification.resultsRules).toBe(3);
    expect(await verifyRaceFolder(fixture.dir)).toMatchObject({ intact: true, findings: [] });
  });

  it('shows the shared time in the CSV, JSON, .lif and PDF sheet, and no resolution for the typed time', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-out-'));
    try {
      const files = { csv: path.join(out, 'r.csv'), json: path.join(out, 'r.json'), lif: path.join(out, 'r.lif'), pdf: path.join(out, 'r.pdf') };
      const r = await cli('export', fixture.dir, '--csv', files.csv, '--json', files.json, '--lif', files.lif, '--pdf', files.pdf);
      expect(r.code, r.err).toBe(0);
      const csv = (await fs.readFile(files.csv, 'utf8')).split('\n');
      const header = (csv[0] as string).split(',');
      const cell = (id: string, name: string) => csv.find((l) => l.split(',')[1] === id)?.split(',')[header.indexOf(name)];
      expect(['2', '4'].map((id) => [cell(id, 'time'), cell(id, 'time_s'), cell(id, 'time_ns'), cell(id, 'behind_previous'), cell(id, 'lengths'), cell(id, 'margin')])).toEqual([
        ['30.04', '30.038333333', '30038333333', '', '', ''],
        ['30.04', '30.048333333', '30048333333', '', '', ''],
      ]);
      expect(cell('3', 'resolution_s')).toBe('');
      const json = JSON.parse(await fs.readFile(files.json, 'utf8')) as { finishers: { time_ns: string }[] };
      expect(json.finishers.slice(0, 2).map((f) => f.time_ns)).toEqual(['30038333333', '30048333333']);
      const lif = (await fs.readFile(files.lif, 'utf8')).split(/\r?\n/).slice(1, 3).map((l) => l.split(',').slice(0, 7));
      expect(lif).toEqual([
        ['1', '2', '2', 'Dog 2', '', '', '30.04'],
        ['1', '4', '4', 'Dog 4', '', '', '30.04'],
      ]);
      await fs.mkdir(ARTIFACTS, { recursive: true });
      await fs.copyFile(files.pdf, path.join(ARTIFACTS, 'greyhound-dead-heat.pdf'));
      const sheet = await pdfText(await fs.readFile(files.pdf));
      const rows = sheet.split('\n').filter((l) => /^\s*1=\s/.test(l));
      expect(rows.map((l) => /30\.0\d/.exec(l)?.[0])).toEqual(['30.04', '30.04']);
      expect(sheet).not.toMatch(/30\.05/);
      // The certification block says which rules its results hash is recomputed by.
      expect(sheet).toMatch(/Results SHA-256 at certification:\s+[0-9a-f]{64}\s+\(result rules 3\)/);
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  });
});

/** The certification as the app wrote it under result rules 2 (before one published result), hashed by rules 2. */
const asVersion2 = (e: AuditEntry): AuditEntry => {
  if (e.action !== 'race.certified') return e;
  const { signature: _old, ...c } = (e.payload as { certification: Certification }).certification;
  return { ...e, payload: { certification: { ...c, resultsRules: 2 } } };
};

describe('a race certified under result rules 2', () => {
  it('still verifies intact, recomputed by rules 2, and still shows what was certified (the first one’s reading shared)', async () => {
    await resealWith(fixture.dir, asVersion2, { forgerKey: true });
    expect(await verifyRaceFolder(fixture.dir)).toMatchObject({ intact: true, findings: [] });
    expect((await results()).slice(0, 2)).toEqual([
      ['2', '30.04', '30038333333', '', 0.016666667],
      ['4', '30.04', '30038333333', 'dead heat', 0.016666667],
    ]);
  });
});

describe('a race certified under result rules 1 (before they existed)', () => {
  it('still verifies intact, recomputed by the rules it was certified with, and still shows what was certified', async () => {
    await resealWith(fixture.dir, asVersion1, { forgerKey: true });
    const audit = (await fs.readFile(path.join(fixture.dir, 'audit.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(audit[audit.length - 1] as string).payload.certification).not.toHaveProperty('resultsRules');
    expect(await verifyRaceFolder(fixture.dir)).toMatchObject({ intact: true, findings: [] });
    // Its sheet carries the results hash it was signed with: its result stays what was certified, 30.04 and 30.05.
    const rows = await results();
    expect(rows.slice(0, 2).map((r) => r.slice(0, 3))).toEqual([
      ['2', '30.04', '30038333333'],
      ['4', '30.05', '30048333333'],
    ]);
    expect(rows[3]?.[4]).toBe(0.016666666);
  });

});
