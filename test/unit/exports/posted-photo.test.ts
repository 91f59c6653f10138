import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../app/cli/main.js';
import { readRaceEvidence } from '../../../app/exports/evidence-files.js';
import { renderPostedPhoto } from '../../../app/exports/photo/posted-photo.js';
import { renderResultSheet } from '../../../app/exports/pdf/result-sheet.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { fullView } from '../../helpers/full-view.js';
import { makeStoreExportRace, type StoreExportRace } from '../../helpers/store-export-race.js';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../..');

/** What exiftool reads from a photo, grouped by family-1 names ("XMP-photoshop:Headline"). */
async function exiftool(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await run('exiftool', ['-j', '-G1', file]);
  return (JSON.parse(stdout) as Record<string, unknown>[])[0] as Record<string, unknown>;
}

let fx: ExportFixture;
let api: StoreExportRace['api'];
let raceId: string;
let dataDir: string;
let work: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-photo-data-'));
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-photo-out-'));
  process.env.PHOTOFINISH_DATA_DIR = dataDir;
  ({ fx, api, raceId } = await makeStoreExportRace(dataDir));
  const race = { raceId };
  await api.placeMark({ raceId: race.raceId, competitorId: '7', column: 200.5, by: 'Jane Official' });
  await api.placeMark({ raceId: race.raceId, competitorId: '12', column: 230, by: 'Jane Official' });
  await api.placeMark({ raceId: race.raceId, competitorId: '3', column: 262.4, by: 'Jane Official' });
  // Nobody may go missing from a certified result: the rest of the start list did not start.
  for (const id of ['21', '5', '9']) await api.setStatus({ raceId: race.raceId, competitorId: id, status: 'DNS', by: 'Jane Official' });
  await api.certify({ raceId: race.raceId, official: 'Jane Official', role: 'Chief photo-finish judge' });
});

afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await fx.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(work, { recursive: true, force: true });
});

describe('photofinish export --photo', () => {
  it('writes a 2048-px JPEG whose caption, credit, date, keywords and result photo tools read back', async () => {
    const file = path.join(work, 'finish.jpg');
    const out: string[] = [];
    const err: string[] = [];
    const status = await main(['export', fx.dir, '--photo', file], { out: (t) => out.push(t), err: (t) => err.push(t), isTTY: false });
    expect(err).toEqual([]);
    expect(status).toBe(0);
    expect(out[0]).toBe(file);
    // The CLI lists the fields it wrote.
    // The headline a newsroom files it under is the event and its start time; the decision leads the caption.
    expect(out.join('\n')).toContain("XMP-photoshop:Headline: City Games 2026 — Men's 100 m, round 1, heat 2, wind +1.2 m/s — Men's 100 m, heat 2, 15:21:04");

    const meta = await sharp(await fs.readFile(file)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(2048);

    const tags = await exiftool(file);
    expect(tags['XMP-photoshop:Headline']).toBe("City Games 2026 — Men's 100 m, round 1, heat 2, wind +1.2 m/s — Men's 100 m, heat 2, 15:21:04");
    const description = String(tags['XMP-dc:Description']);
    expect(description).toContain("City Games 2026 — Men's 100 m, round 1, heat 2, wind +1.2 m/s — Men's 100 m, heat 2: #7 Anna Müller wins by 0.02 s from #12 Zoë Ñúñez-O'Brien.");
    expect(description).toContain('Certified by Jane Official, Chief photo-finish judge');
    // Omega's result caption: one line per competitor, semicolon separated.
    // The sixth column holds clubs, and says so (the sheet's own heading for it).
    expect(description).toContain('Rank;Bib;Lane;LastName;FirstName;Club;Time;Margin');
    expect(description).toContain('1;7;4;Müller;Anna;TV Köln;10.21;');
    expect(description).toContain("2;12;5;Ñúñez-O'Brien;Zoë;Club Atlético, Sevilla;10.23;+0.02");
    // Those who take no place stand in the caption too, their status in the rank column.
    expect(description).toMatch(/(^|\n| \| )DNS;21;/);
    expect(tags['XMP-photoshop:Credit']).toContain('Jane Official');
    expect(String(tags['XMP-photoshop:DateCreated'])).toContain('2026:06:14 15:21:04');
    expect(tags['XMP-dc:Subject']).toEqual(expect.arrayContaining(['photo finish', 'athletics', 'City Games 2026', 'certified', '#7 Anna Müller']));
    expect(tags['IFD0:ImageDescription']).toContain('#7 Anna Muller wins by 0.02 s');
  });

  it('gives the same bytes from two separate processes for the same race and revision', async () => {
    const files = [path.join(work, 'a.jpg'), path.join(work, 'b.jpg')];
    await Promise.all(files.map((f) => run(process.execPath, [path.join(repoRoot, 'bin/photofinish.mjs'), 'export', fx.dir, '--photo', f], { env: { ...process.env, PHOTOFINISH_DATA_DIR: dataDir } })));
    const [a, b] = await Promise.all(files.map((f) => fs.readFile(f)));
    expect(a!.length).toBeGreaterThan(50_000);
    expect(a!.equals(b!)).toBe(true);
  });
});

describe('posted photo of a provisional race', () => {
  it('says PROVISIONAL in the caption band and the metadata', async () => {
    const prov = await makeExportFixture({ certified: false });
    try {
      const ev = await readRaceEvidence(prov.view, prov.dir);
      const photo = await renderPostedPhoto(prov.view, ev.composite, ev.hashes, { name: 'Photofinish', version: '0.1.0' });
      const file = path.join(work, 'provisional.jpg');
      await fs.writeFile(file, photo.jpeg);
      const tags = await exiftool(file);
      expect(tags['XMP-photoshop:Instructions']).toBe('PROVISIONAL — not certified (revision 1)');
      expect(String(tags['XMP-dc:Description'])).toContain('PROVISIONAL');
      expect(photo.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['XMP-photoshop:Headline', 'XMP-dc:Description', 'XMP-photoshop:Credit', 'XMP-photoshop:DateCreated', 'XMP-dc:Subject']));
      // The caption band is dark across the full width at the foot of the picture.
      const { data, info } = await sharp(photo.jpeg).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => data[(y * info.width + x) * info.channels] as number;
      expect(at(5, info.height - 5)).toBeLessThan(40);
      expect(at(info.width - 5, info.height - 5)).toBeLessThan(40);
    } finally {
      await prov.cleanup();
    }
  });
});

describe('the close-ups the workspace shows', () => {
  it('are the crops and words the sheet prints, with the crop’s own pixels', async () => {
    const { closeups } = await api.getCloseups({ raceId });
    const view = await fullView(api, await api.getRace({ raceId }));
    const ev = await readRaceEvidence(view, fx.dir);
    const sheet = await renderResultSheet({ view, composite: ev.composite, hashes: ev.hashes, paper: 'A4', software: { name: 'Photofinish', version: '0.1.0' } });
    expect(closeups[0]!.decisive).toBe(true);
    expect(closeups[0]!.crop).toEqual(sheet.closeups[0]!.crop);
    expect(closeups[0]!.subjects.map((s) => [s.tag, s.margin])).toEqual([['1st #7', ''], ['2nd #12', '+0.02 s']]);
    const png = Buffer.from(closeups[0]!.dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([closeups[0]!.crop.end - closeups[0]!.crop.start, closeups[0]!.crop.bottom - closeups[0]!.crop.top]);
  });
});
