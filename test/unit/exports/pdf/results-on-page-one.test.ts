/**
 * The results table stands on page 1 of the sheet whenever it fits there (issue 22 item 7): header, photo, results,
 * then the enlargements (page 1 if they fit, else page 2). Before, the enlargement was drawn first and pushed the
 * demo race's four rows to page 2, leaving page 1 without a single result. A start list too long for page 1 still
 * flows on, the table's column header repeated on every page it reaches. Pages are saved under
 * test-artifacts/results-on-page-one/ to be looked at.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../app/api/client.js';
import { dispatchCall } from '../../../../app/api/dispatch.js';
import type { RaceView } from '../../../../app/api/types.js';
import { ensureDemoRace } from '../../../../app/demo/demo-race.js';
import { readRaceEvidence } from '../../../../app/exports/evidence-files.js';
import { renderResultSheet, type ResultSheet } from '../../../../app/exports/pdf/result-sheet.js';
import { createService } from '../../../../app/service/create-service.js';
import { crowdRace } from '../../../helpers/crowd-race.js';
import { fullView } from '../../../helpers/full-view.js';
import { makeExportFixture, type ExportFixture } from '../../../helpers/export-fixture.js';
import { pdfText, pdfWords, renderPage } from '../../../helpers/export-poppler.js';

const software = { name: 'Photofinish', version: '0.1.0' };
const ARTIFACTS = path.resolve('test-artifacts/results-on-page-one');

async function sheetOf(view: RaceView, composite?: Buffer, evidenceDir = view.path): Promise<ResultSheet> {
  const ev = await readRaceEvidence(view, evidenceDir);
  return renderResultSheet({ view, composite: composite ?? ev.composite, hashes: ev.hashes, paper: 'A4', software });
}

async function savePages(name: string, s: ResultSheet): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  for (let p = 1; p <= s.pages; p++) await writeFile(path.join(ARTIFACTS, `${name}-${p}.png`), (await renderPage(s.pdf, p, 60)).png);
}

/** The top of the first word `text` on a page (1-based), in points from the page's top. */
async function topOf(s: ResultSheet, page: number, text: string): Promise<number | undefined> {
  return (await pdfWords(s.pdf, page)).find((w) => w.text === text)?.yMin;
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'pf-results-page-one-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the demo race (four competitors, one enlargement)', () => {
  let view: RaceView;
  let sheet: ResultSheet;
  beforeAll(async () => {
    const running = createService({ shell: 'cli', dataDir: path.join(work, 'data') });
    const api = createApiClient((name, args) => dispatchCall(running.service, name, args));
    const race = await api.openRace({ path: await ensureDemoRace(path.join(work, 'demo-data')) });
    const { edges } = await api.detectEdges({ raceId: race.raceId });
    // Edges in time order: #5, #17, #24, #48 (see demo-scene.ts).
    for (const [i, id] of ['5', '17', '24', '48'].entries()) await api.placeMark({ raceId: race.raceId, competitorId: id, suggestion: edges[i]!.index, by: 'A. Judge' });
    view = await fullView(api, await api.getRace({ raceId: race.raceId }));
    sheet = await sheetOf(view);
    await savePages('demo', sheet);
    // Rendering the demo's 320 frames takes a while on a busy machine.
  }, 300_000);

  it('prints every competitor row on page 1, under the photo', async () => {
    const page1 = await pdfText(sheet.pdf, '-layout', 1);
    expect(page1).toContain('Results (4 placed)');
    expect(view.results.finishers).toHaveLength(4);
    for (const f of view.results.finishers) {
      // One printed row: place, number, name, team and published time, in that order.
      const team = view.competitors.find((c) => c.id === f.competitor)?.team ?? '';
      expect(page1, `row of #${f.competitor}`).toMatch(new RegExp(`\\b${f.place}\\s+${f.competitor}\\s+${f.name}\\s+${team}\\s+${f.time_display.replace('.', '\\.')}`));
    }
    // The photo comes first, then the table.
    expect((await topOf(sheet, 1, 'Results'))!).toBeGreaterThan((await topOf(sheet, 1, 'Photo-finish'))!);
  });

  it('still prints the enlargement, after the results', async () => {
    expect(sheet.closeups).toHaveLength(1);
    const c = sheet.closeups[0]!;
    if (c.page === 0) expect(c.y).toBeGreaterThan((await topOf(sheet, 1, 'Results'))!);
    else expect(c.page).toBe(1);
    expect(await pdfText(sheet.pdf, '-layout', c.page + 1)).toContain('Enlargement 1 of 1');
  });
});

describe('a start list too long for page 1', () => {
  let fx: ExportFixture;
  beforeAll(async () => {
    fx = await makeExportFixture({ certified: true });
  });
  afterAll(() => fx.cleanup());

  it('starts the table on page 1 and repeats its column header on each page it flows to', async () => {
    // 70 finishers 12 columns apart on a short photo: more rows than page 1 holds below it.
    const marks = Array.from({ length: 70 }, (_, i) => 100 + i * 12);
    const { view, composite } = await crowdRace(fx.view, { competitors: 70, columns: 1000, rows: 140, markColumns: marks, bodyColumns: 8 });
    const s = await sheetOf(view, composite, fx.dir);
    await savePages('long-list', s);
    const pages = await Promise.all(Array.from({ length: s.pages }, (_, i) => pdfText(s.pdf, '-layout', i + 1)));
    expect(pages[0]).toMatch(/Results \(70 placed/);
    // Where each row landed; every page holding rows has the header above them.
    const pageOfRow = (n: number) => pages.findIndex((t) => new RegExp(`\\bRunner ${n}\\s+Club`).test(t));
    const rowPages = new Set(Array.from({ length: 70 }, (_, i) => pageOfRow(i + 1)));
    expect(rowPages.has(-1), 'every row printed').toBe(false);
    expect(pageOfRow(1), 'the first row on page 1').toBe(0);
    expect(rowPages.size).toBeGreaterThan(1);
    for (const p of rowPages) expect(pages[p], `page ${p + 1}`).toMatch(/Pl\.\s.*Time \(s\)/);
  });
});
