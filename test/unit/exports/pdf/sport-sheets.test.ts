/**
 * Each sport's own sheet: the results table's headings and columns as the sport reads them (athletics Lane / Bib
 * / Name / Club or nation; motorsport Car / Driver / Team; horse No. / Horse / Jockey / Trainer / Draw; greyhound
 * Trap / Greyhound / Trainer), filled from the start list's optional columns. The first page of each is written
 * to test-artifacts/sport-sheets/ to be looked at.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SportName } from '../../../../app/domain/race/document.js';
import { readRaceEvidence } from '../../../../app/exports/evidence-files.js';
import { renderResultSheet } from '../../../../app/exports/pdf/result-sheet.js';
import { makeExportFixture, type ExportFixture } from '../../../helpers/export-fixture.js';
import { pdfText, renderPage } from '../../../helpers/export-poppler.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts/sport-sheets');
const fixtures: ExportFixture[] = [];
afterAll(async () => {
  for (const fx of fixtures) await fx.cleanup();
});

/** The fixture's competitors with what each sport's start list carries. */
const EXTRA: Record<string, Record<string, string>> = {
  '7': { bib: '1107', nation: 'GER', jockey: 'R. Moore', trainer: 'A. O’Brien', draw: '4', trap: '1' },
  '12': { bib: '1112', nation: 'ESP', jockey: 'W. Buick', trainer: 'C. Appleby', draw: '9', trap: '2' },
  '3': { bib: '1103', nation: 'GBR', jockey: 'O. Murphy', trainer: 'J. Gosden', draw: '1', trap: '3' },
  '21': { bib: '1121', nation: 'POL', jockey: 'H. Doyle', trainer: 'A. Balding', draw: '6', trap: '4' },
  '5': { bib: '1105', nation: 'FRA', jockey: 'T. Marquand', trainer: 'W. Haggas', draw: '2', trap: '5' },
  '9': { bib: '1109', nation: 'FRA', jockey: 'J. Doyle', trainer: 'R. Varian', draw: '3', trap: '6' },
};

async function sheetFor(sport: SportName): Promise<string> {
  const fx = await makeExportFixture({ certified: true, sport });
  fixtures.push(fx);
  const view = { ...fx.view, competitors: fx.view.competitors.map((c) => ({ ...c, ...EXTRA[c.id], ...(sport === 'athletics' ? { team: undefined } : {}) })) };
  const ev = await readRaceEvidence(view, fx.dir);
  const { pdf } = await renderResultSheet({ view, composite: ev.composite, hashes: ev.hashes, paper: 'A4', software: { name: 'Photofinish', version: '0.1.0' } });
  await fs.mkdir(ARTIFACTS, { recursive: true });
  await fs.writeFile(path.join(ARTIFACTS, `${sport}-page1.png`), (await renderPage(pdf, 1, 60)).png);
  // Every page: a sheet with enlargements can carry the later rows of its table over to page 2.
  return pdfText(pdf, '-layout');
}

const headingLine = (text: string) => text.split('\n').find((l) => /^\s*Pl\.\s/.test(l)) ?? '';

describe("each sport's own sheet", () => {
  it('athletics: Lane / Bib / Name / Nation', async () => {
    const text = await sheetFor('athletics');
    expect(headingLine(text)).toMatch(/Pl\.\s+Lane\s+Bib\s+Name\s+Nation\s+Time \(s\)/);
    expect(text).toMatch(/^\s*1\s+4\s+1107\s+Anna Müller\s+GER\s+10\.21/m);
  });

  it('motorsport: Car / Driver / Team', async () => {
    const text = await sheetFor('motorsport');
    expect(headingLine(text)).toMatch(/Pl\.\s+Car\s+Driver\s+Team\s+Time \(s\)/);
    expect(text).toMatch(/^\s*1\s+7\s+Anna Müller\s+TV Köln\s+10\.2/m);
  });

  it('horse racing: No. / Horse / Jockey / Trainer / Draw', async () => {
    const text = await sheetFor('horse');
    expect(headingLine(text)).toMatch(/Pl\.\s+No\.\s+Horse\s+Jockey\s+Trainer\s+Draw\s+Time \(s\)/);
    expect(text).toMatch(/^\s*3\s+3\s+John Smith, Jr\.\s+O\. Murphy\s+J\. Gosden\s+1\s/m);
  });

  it('greyhound racing: Trap / Greyhound / Trainer', async () => {
    const text = await sheetFor('greyhound');
    expect(headingLine(text)).toMatch(/Pl\.\s+Trap\s+Greyhound\s+Trainer\s+Time \(s\)/);
    expect(text).toMatch(/^\s*1\s+1\s+Anna Müller\s+A\. O’Brien\s+10\.2/m);
  });
});
