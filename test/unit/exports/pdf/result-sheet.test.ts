import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRaceEvidence, type RaceEvidence } from '../../../../app/exports/evidence-files.js';
import { renderResultSheet, type ResultSheet } from '../../../../app/exports/pdf/result-sheet.js';
import type { Paper } from '../../../../app/exports/pdf/sheet-writer.js';
import { FIXTURE_ENTRIES, makeExportFixture, type ExportFixture, type ExportFixtureOptions } from '../../../helpers/export-fixture.js';
import { colourDistance, hexToRgb, pdfFonts, pdfInfo, pdfText, renderPage } from '../../../helpers/export-poppler.js';

const software = { name: 'Photofinish', version: '0.1.0' };

async function sheetOf(fx: ExportFixture, paper: Paper = 'A4'): Promise<{ sheet: ResultSheet; ev: RaceEvidence }> {
  const ev = await readRaceEvidence(fx.view, fx.dir);
  const sheet = await renderResultSheet({ view: fx.view, composite: ev.composite, hashes: ev.hashes, paper, software });
  return { sheet, ev };
}

const fixtures: ExportFixture[] = [];
async function fixture(opts: ExportFixtureOptions): Promise<ExportFixture> {
  const fx = await makeExportFixture(opts);
  fixtures.push(fx);
  return fx;
}
afterAll(async () => {
  await Promise.all(fixtures.map((f) => f.cleanup()));
});

/** Where a fixture competitor's hairline must stand: its mark's column, or the column of its typed time. */
function markColumn(id: string): number {
  const e = FIXTURE_ENTRIES.find((x) => x.c.id === id);
  if (e?.mark?.milliColumn !== undefined) return e.mark.milliColumn / 1000;
  if (e?.mark?.typedNs === 10_280_000_000n) return 280; // 10.280 s is column 280 exactly at 1000 fps from 10.000 s
  throw new Error(`no column for ${id}`);
}

describe('PDF result sheet, certified', () => {
  let fx: ExportFixture;
  let sheet: ResultSheet;
  let ev: RaceEvidence;
  let text: string;

  beforeAll(async () => {
    fx = await fixture({ certified: true });
    ({ sheet, ev } = await sheetOf(fx));
    text = await pdfText(sheet.pdf);
  });

  it('names every competitor with their published time, and every margin', () => {
    for (const f of fx.view.results.finishers) {
      expect(text).toContain(f.name);
      if (f.time_display) expect(text).toContain(f.time_display);
    }
    // Athletics gaps are differences of the published (rounded-up) times.
    for (const gap of ['+0.02', '+0.06', '+0.04', '+0.07', '+0.01', '+0.13']) expect(text).toContain(gap);
    expect(text).toContain('Club Atlético, Sevilla');
    expect(text).toContain('Łukasz Kowalski');
  });

  it('carries the header: event, venue, date, heat, sport, source, rate, time base and software version', () => {
    // The fixture's rate was given (--fps): never "measured".
    expect(text).not.toContain('Measured rate');
    for (const s of ["Men's 100 m, round 1, heat 2, wind +1.2 m/s", 'City Games 2026 · Event 12 · 100 m', 'Stadion Köln', '2026-06-14', 'Athletics', 'Basler acA1300', '639 source frames', 'Rate (given)', '1000.0 frames/s, given by the official', 'Constant rate 1000 frames/s', 'Photofinish 0.1.0']) {
      expect(text).toContain(s);
    }
  });

  it('names the official, role, time of signing and revision, and leaves a line for a second official', () => {
    expect(text).toContain('Certified by Jane Official, Chief photo-finish judge');
    expect(text).toContain('Signed at 2026-06-14 15:32:10 UTC · revision 1');
    expect(text).toContain('Second official');
  });

  it('prints the SHA-256 of race.json and the composite, the audit head and the number of source frames', () => {
    expect(text).toContain(ev.hashes.raceJsonSha256);
    expect(text).toContain(ev.hashes.compositeSha256);
    expect(ev.hashes.compositeSha256).toBe(fx.view.evidence.composite.sha256);
    expect(text).toContain(fx.view.auditHead);
    expect(text).toMatch(/source frames\s+639/);
  });

  it('notes the typed time, the mark next to the dropped-frame gap and the gap itself', () => {
    expect(text).toMatch(/#21 Łukasz Kowalski: time 10\.280 s \(published 10\.28\) was typed by hand/);
    expect(text).toMatch(/#5 Émile Zola: mark lies next to a dropped-frame gap/);
    expect(text).toContain('no picture for 40.000 ms between 10.300 s and 10.340 s');
  });

  it('lists the competitor who did not finish with DNF in the place column, and says why', () => {
    expect(text).toMatch(/^\s*DNF\s+7\s+9\s+Chloé Dubois\s+Lyon AC$/m); // athletics: Lane, Bib, Name, Club
    expect(text).toContain('#9 Chloé Dubois: DNF, did not finish (pulled up), recorded by Jane Official.');
    expect(text).toContain('Results (5 placed, 1 DNF)');
  });

  it('has no provisional watermark', async () => {
    const raw = (await pdfText(sheet.pdf, '-raw')).replace(/\s+/g, '');
    expect(raw).not.toContain('PROVISIONAL');
    expect(raw).not.toContain('NOTCERTIFIED');
  });

  it('embeds its fonts and is A4 with numbered pages', async () => {
    const fonts = await pdfFonts(sheet.pdf);
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r).toMatch(/DejaVu.*\byes\b/);
    const info = await pdfInfo(sheet.pdf);
    expect(info['Page size']).toMatch(/^595\.2\d? x 841\.8\d? pts \(A4\)/);
    expect(text).toMatch(new RegExp(`Page 1 of ${sheet.pages}`));
    expect(info.CreationDate).toContain('2026');
  });

  it('draws each hairline where its mark column lands on the printed image', async () => {
    const dpi = 144;
    const px = dpi / 72;
    const page = await renderPage(sheet.pdf, 1, dpi);
    const band = sheet.printed.bands[0];
    if (!band) throw new Error('no band printed');
    expect(sheet.printed.bands).toHaveLength(1);
    expect(sheet.printed.unitsPerColumn).toBeGreaterThanOrEqual(1);
    const colour = new Map(FIXTURE_ENTRIES.map((e) => [e.c.id, e.c.colour as string]));
    // Rows 64–78 of the 120-row composite hold no silhouette: only background and hairlines.
    const y0 = (band.y + (band.height * 64) / 120) * px;
    const y1 = (band.y + (band.height * 78) / 120) * px;
    for (const m of fx.view.marks) {
      const x = (band.x + (markColumn(m.competitorId) + 0.5 - band.start) * sheet.printed.unitsPerColumn) * px;
      const want = hexToRgb(colour.get(m.competitorId) as string);
      let best = Infinity;
      for (let y = Math.ceil(y0); y <= y1; y++) for (let dx = -1; dx <= 1; dx++) best = Math.min(best, colourDistance(page.rgb(x + dx, y), want));
      expect(best, `hairline of #${m.competitorId} at x=${x.toFixed(1)}px`).toBeLessThan(70);
      // Four points either side there is only the grey picture.
      const beside = page.rgb(x + 4 * px * Math.max(1, sheet.printed.unitsPerColumn / 2), (y0 + y1) / 2);
      expect(Math.max(...beside) - Math.min(...beside), `no colour beside #${m.competitorId}`).toBeLessThan(40);
    }
  });
});

describe('PDF result sheet, reproducibility and status', () => {
  it('is byte-identical across two exports of the same race and revision', async () => {
    const fx = await fixture({ certified: true });
    const a = await sheetOf(fx);
    const b = await sheetOf(fx);
    expect(a.sheet.pdf.length).toBeGreaterThan(10_000);
    expect(a.sheet.pdf.equals(b.sheet.pdf)).toBe(true);
  });

  it('prints PROVISIONAL — NOT CERTIFIED on every page of an uncertified race, with amendments and their reasons', async () => {
    const fx = await fixture({
      certified: false,
      revision: 2,
      amendments: [{ revision: 2, by: 'Tom Referee', reason: 'Protest by lane 5 upheld; hairline of #12 re-read on the torso.', at: '2026-06-14T15:40:00.000Z' }],
    });
    const { sheet } = await sheetOf(fx, 'Letter');
    for (let p = 1; p <= sheet.pages; p++) {
      const raw = await pdfText(sheet.pdf, '-raw', p);
      expect(raw.replace(/\s+/g, ''), `page ${p}`).toContain('PROVISIONAL—NOTCERTIFIED');
    }
    const text = await pdfText(sheet.pdf);
    expect(text).toContain('NOT CERTIFIED');
    expect(text).toContain('Amended to revision 2 by Tom Referee');
    expect(text).toContain('Protest by lane 5 upheld; hairline of #12 re-read on the torso.');
    const info = await pdfInfo(sheet.pdf);
    expect(info['Page size']).toMatch(/^612 x 792 pts \(letter\)/);
  });

  it('adds the lengths column for horse racing and labels untimed hairlines with their distance', async () => {
    const fx = await fixture({ certified: true, sport: 'horse' });
    const { sheet } = await sheetOf(fx);
    const text = await pdfText(sheet.pdf);
    expect(text).toContain('Lengths');
    const lengths = fx.view.results.finishers.map((f) => f.lengths_display).filter((l): l is string => Boolean(l));
    expect(lengths.length).toBe(4);
    for (const l of lengths) expect(text).toContain(l);
    // Margins are lengths only: no seconds columns beside them.
    expect(text).not.toContain('Behind prev.');
  });

  it('mirrors the image and its hairlines when the race is shown right to left', async () => {
    const fx = await fixture({ certified: true, direction: 'rtl' });
    const { sheet } = await sheetOf(fx);
    const band = sheet.printed.bands[0];
    if (!band) throw new Error('no band printed');
    const dpi = 144;
    const px = dpi / 72;
    const page = await renderPage(sheet.pdf, 1, dpi);
    const y = (band.y + (band.height * 70) / 120) * px;
    for (const id of ['7', '12']) {
      const x = (band.x + band.width - (markColumn(id) + 0.5 - band.start) * sheet.printed.unitsPerColumn) * px;
      const want = hexToRgb(FIXTURE_ENTRIES.find((e) => e.c.id === id)?.c.colour as string);
      const best = Math.min(...[-1, 0, 1].map((dx) => colourDistance(page.rgb(x + dx, y), want)));
      expect(best, `hairline of #${id}`).toBeLessThan(70);
    }
    expect(await pdfText(sheet.pdf)).toContain('time runs right to left');
  });

  it('cuts a crop wider than the page into full-resolution bands, one column per point at least', async () => {
    const fx = await fixture({ certified: true });
    // Spread the finishers over 540 columns: wider than the 523-point A4 content width.
    fx.view.marks = fx.view.marks.map((m, i) => (i === 0 ? { ...m, position: { kind: 'column', milliColumn: 30_000 } } : i === 4 ? { ...m, position: { kind: 'column', milliColumn: 570_000 } } : m));
    const { sheet } = await sheetOf(fx);
    expect(sheet.printed.bands.length).toBe(2);
    expect(sheet.printed.unitsPerColumn).toBeGreaterThanOrEqual(1);
    const covered = sheet.printed.bands.reduce((s, b) => s + (b.end - b.start), 0);
    expect(covered).toBe(sheet.plan.end - sheet.plan.start);
  });
});
