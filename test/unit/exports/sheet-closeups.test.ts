import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRaceEvidence } from '../../../app/exports/evidence-files.js';
import { renderResultSheet, type ResultSheet } from '../../../app/exports/pdf/result-sheet.js';
import { renderPostedPhoto } from '../../../app/exports/photo/posted-photo.js';
import type { RaceView } from '../../../app/api/types.js';
import { crowdRace } from '../../helpers/crowd-race.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { colourDistance, hexToRgb, pdfImages, pdfText, pdfWords, renderPage, type PdfWord } from '../../helpers/export-poppler.js';

const software = { name: 'Photofinish', version: '0.1.0' };
const ARTIFACTS = path.resolve('test-artifacts/photo');

async function sheet(view: RaceView, composite: Buffer, fx: ExportFixture): Promise<ResultSheet> {
  const ev = await readRaceEvidence(fx.view, fx.dir);
  return renderResultSheet({ view, composite, hashes: ev.hashes, paper: 'A4', software });
}

async function savePages(name: string, pdf: Buffer, pages: number): Promise<void> {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  for (let p = 1; p <= pages; p++) await fs.writeFile(path.join(ARTIFACTS, `${name}-${p}.png`), (await renderPage(pdf, p, 60)).png);
}

/** Pairs of words printed over each other (the watermark-free sheets only). */
function overlaps(words: PdfWord[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!;
      const b = words[j]!;
      const ox = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const oy = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (ox > 0.5 && oy > 0.5) out.push(`"${a.text}" and "${b.text}" at ${a.xMin.toFixed(0)},${a.yMin.toFixed(0)}`);
    }
  }
  return out;
}

let fx: ExportFixture;
let composite: Buffer;
beforeAll(async () => {
  fx = await makeExportFixture({ certified: true });
  composite = (await readRaceEvidence(fx.view, fx.dir)).composite;
});
afterAll(() => fx.cleanup());

describe('enlargement of the decisive finish', () => {
  let s: ResultSheet;
  beforeAll(async () => {
    s = await sheet(fx.view, composite, fx);
    await savePages('fixture-sheet', s.pdf, s.pages);
  });

  it('crops the rows to the two bodies and embeds them at the same resolution across and down', async () => {
    expect(s.closeups).toHaveLength(1);
    const c = s.closeups[0]!;
    // #7's body covers rows 10–25 and #12's rows 28–43 of the 120-row composite.
    expect(c.crop.top).toBeLessThanOrEqual(10);
    expect(c.crop.top).toBeGreaterThanOrEqual(2);
    expect(c.crop.bottom).toBeGreaterThanOrEqual(44);
    expect(c.crop.bottom).toBeLessThanOrEqual(52);
    expect(c.unitsPerColumn).toBe(c.unitsPerRow);
    const images = await pdfImages(s.pdf);
    const embedded = images.find((i) => i.width === c.embedded.width && i.height === c.embedded.height);
    expect(embedded, JSON.stringify(images)).toBeDefined();
    const ratio = embedded!.xPpi / embedded!.yPpi;
    expect(ratio).toBeGreaterThanOrEqual(0.5);
    expect(ratio).toBeLessThanOrEqual(2);
  });

  it('stands each hairline on its competitor’s leading edge, labelled with place and number and the margin', async () => {
    const c = s.closeups[0]!;
    const dpi = 144;
    const px = dpi / 72;
    const page = await renderPage(s.pdf, c.page + 1, dpi);
    const rowY = (row: number) => (c.y + (row + 0.5 - c.crop.top) * c.unitsPerRow) * px;
    for (const [id, row, colour] of [['7', 17, '#d7191c'], ['12', 35, '#2166ac']] as const) {
      const h = c.hairlines.find((x) => x.competitorId === id)!;
      const best = Math.min(...[-1, 0, 1].map((dx) => colourDistance(page.rgb(h.x * px + dx, rowY(row)), hexToRgb(colour))));
      expect(best, `hairline of #${id}`).toBeLessThan(70);
      // Just behind the hairline (later in time: to the right) the dark body, just before it the background.
      expect(Math.max(...page.rgb((h.x + 0.75 * c.unitsPerColumn) * px + 2, rowY(row)))).toBeLessThan(80);
      expect(Math.max(...page.rgb((h.x - 0.75 * c.unitsPerColumn) * px - 2, rowY(row)))).toBeGreaterThan(120);
    }
    const words = (await pdfWords(s.pdf, c.page + 1)).filter((w) => w.yMin >= c.y - 60 && w.yMax <= c.y + c.height + 40);
    const text = words.map((w) => w.text).join(' ');
    expect(text).toContain('1st #7');
    expect(text).toContain('2nd #12');
    expect(text).toContain('+0.02 s');
    expect(overlaps(words)).toEqual([]);
    // No label on the picture.
    for (const w of words) expect(w.yMax <= c.y + 0.5 || w.yMin >= c.y + c.height - 0.5, `"${w.text}" on the image`).toBe(true);
  });

  it('labels the overview’s hairlines with places, so the order reads without the table', async () => {
    const text = await pdfText(s.pdf, '-raw', 1);
    for (const tag of ['1st #7', '2nd #12', '3rd #3', '4th #21', '5th #5']) expect(text).toContain(tag);
    expect((await pdfText(s.pdf)).replace(/\s+/g, ' ')).toMatch(/1 column = 1\.000 ms, shown [\d.]+ pt per column and per row \(one column as wide as one row is tall\)/);
  });
});

describe('several close finishes', () => {
  it('gets one enlargement each, the decisive finish first', async () => {
    const { view, composite: img } = await crowdRace(fx.view, { competitors: 7, columns: 600, rows: 140, markColumns: [100, 160, 160.6, 230, 300, 300.3, 380] });
    const s = await sheet(view, img, fx);
    await savePages('close-finishes', s.pdf, s.pages);
    expect(s.closeups).toHaveLength(3);
    const text = await pdfText(s.pdf);
    expect(text).toMatch(/Enlargement 1 of 3, the decisive finish: 1st #1 Runner 1, 2nd #2 Runner 2/);
    expect(text).toMatch(/Enlargement 2 of 3, a close finish: 2nd #2 Runner 2, 3rd #3 Runner 3/);
    expect(text).toMatch(/Enlargement 3 of 3, a close finish: 5th #5 Runner 5, 6th #6 Runner 6/);
    for (let p = 1; p <= s.pages; p++) expect(overlaps(await pdfWords(s.pdf, p)), `page ${p}`).toEqual([]);
  });
});

describe('a race won by seconds on a slow camera', () => {
  it('enlarges the close finish behind, not a winner so far ahead that the bodies would print as slivers', async () => {
    // Tall bodies a few columns long (a 12.5 fps camera): 1st is 130 columns ahead, 2nd–3rd 1.5 columns apart.
    const { view, composite: img } = await crowdRace(fx.view, { competitors: 3, columns: 400, rows: 300, markColumns: [40, 170, 171.5], bodyColumns: 6 });
    const s = await sheet(view, img, fx);
    await savePages('won-by-seconds', s.pdf, s.pages);
    expect(s.closeups.map((c) => c.hairlines.map((h) => h.competitorId))).toEqual([['2', '3']]);
    // Its columns repeated across, so the bodies can be seen (the 130-column crop of 1st–2nd would repeat none).
    expect(s.closeups[0]!.crop.columnRepeat).toBeGreaterThan(1);
    const text = (await pdfText(s.pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('Enlargement 1 of 1, a close finish: 2nd #2 Runner 2, 3rd #3 Runner 3');
    expect(text).not.toContain('the decisive finish');
    // Not in true proportions, and said so: pdfimages reports equal resolutions for the already repeated pixels.
    expect(text).toContain(`stretched ${s.closeups[0]!.crop.columnRepeat}× across, not in true proportions`);
  });
});

describe('a long race whose finishers are seconds apart', () => {
  it('prints no "enlargement" smaller than the overview, and the posted photo renders', async () => {
    // 20 000 columns at 1000 frames/s, twelve finishers 1.5 s apart: no two close.
    const marks = Array.from({ length: 12 }, (_, i) => 1000 + i * 1500 + (i % 3) * 0.7);
    const { view, composite: img } = await crowdRace(fx.view, { competitors: 12, columns: 20_000, rows: 300, markColumns: marks, bodyColumns: 40 });
    const s = await sheet(view, img, fx);
    await savePages('long-20000', s.pdf, s.pages);
    expect(s.closeups).toEqual([]);
    const ev = await readRaceEvidence(fx.view, fx.dir);
    const photo = await renderPostedPhoto(view, img, ev.hashes, software);
    expect((await sharp(photo.jpeg).metadata()).width).toBe(2048);
    await fs.writeFile(path.join(ARTIFACTS, 'long-20000-photo.png'), await sharp(photo.jpeg).png().toBuffer());
  });
});

describe('sheet layout of big races', () => {
  it('labels 44 finishers without overlap, and a long race in bands', async () => {
    // Two bunches a few columns apart each, spread over a 30 000-column race: bands, and crowded label rows.
    const marks = [...Array.from({ length: 22 }, (_, i) => 2000 + i * 6.5), ...Array.from({ length: 22 }, (_, i) => 27_000 + i * 3.2)];
    const { view, composite: img } = await crowdRace(fx.view, { competitors: 44, columns: 30_000, rows: 440, markColumns: marks, bodyColumns: 20 });
    const s = await sheet(view, img, fx);
    await savePages('crowd-44', s.pdf, s.pages);
    expect(s.plan.bands.length).toBeGreaterThan(1);
    const raw = await pdfText(s.pdf, '-raw');
    for (let place = 1; place <= 44; place++) expect(raw, `place ${place}`).toMatch(new RegExp(`\\b${place}(st|nd|rd|th)\\b`));
    for (let p = 1; p <= s.pages; p++) expect(overlaps(await pdfWords(s.pdf, p)), `page ${p}`).toEqual([]);
    expect(s.closeups.length).toBeLessThanOrEqual(4);
    expect(await pdfText(s.pdf)).toContain('Also close, not enlarged');
  });
});
