import { beforeAll, describe, expect, it } from 'vitest';
import { renderResultSheet } from '../../../../app/exports/pdf/result-sheet.js';
import { pdfFonts, pdfText, pdfWords } from '../../../helpers/export-poppler.js';
import { certifiedRaceWithNames, LONG_NAME, SCRIPT_NAMES } from '../../../helpers/script-names.js';

const software = { name: 'Photofinish', version: '0.1.0' };
const race = certifiedRaceWithNames();

async function sheetWith(names: Record<string, string>): Promise<Buffer> {
  const { view, ev } = await race(names);
  return (await renderResultSheet({ view, composite: ev.composite, hashes: ev.hashes, paper: 'A4', software })).pdf;
}

/** pdftotext's words without the direction marks poppler puts around right-to-left text. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e]/g, '').replace(/\s+/g, ' ');
const sorted = (s: string) => [...s.replace(/\s/g, '')].sort().join('');

describe('result sheet: names in every script', () => {
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    pdf = await sheetWith(SCRIPT_NAMES);
    text = plain(await pdfText(pdf, '-layout'));
  });

  it('prints every name as itself: pdftotext reads each back (right-to-left names in logical order)', () => {
    for (const [id, name] of Object.entries(SCRIPT_NAMES)) {
      // Poppler gives Devanagari's glyphs in display order (the vowel sign before the consonant): same letters.
      if (id === '5') expect(text.split(' ').map(sorted)).toEqual(expect.arrayContaining(name.split(' ').map(sorted)));
      else expect(text, name).toContain(name);
    }
  });

  it('embeds a subset of a font for each script', async () => {
    const fonts = await pdfFonts(pdf);
    for (const f of ['NotoSansSC-Regular', 'NotoSansKR-Regular', 'NotoSansArabic-Regular', 'NotoSansHebrew-Regular', 'NotoSansThai-Regular', 'NotoSansDevanagari-Regular']) {
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${f}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    }
    // Subsets: the sheet carries the glyphs it prints, not 10 MB of Chinese.
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('is the same bytes every time', async () => {
    expect((await sheetWith(SCRIPT_NAMES)).equals(pdf)).toBe(true);
  });

  it('prints a 200-character name without spaces whole, wrapped inside its column', async () => {
    const long = await sheetWith({ '12': LONG_NAME });
    const raw = (await pdfText(long, '-raw')).replace(/\s+/g, '');
    expect(raw).toContain(LONG_NAME);
    // In the table its lines stay inside the name column: right of "Name", left of the club column's heading.
    const pages = await Promise.all([1, 2].map((p) => pdfWords(long, p)));
    const words = pages.find((ws) => ws.some((w) => w.text === 'Name')) ?? [];
    const heading = (t: string) => words.find((w) => w.text === t) as { xMin: number; yMin: number };
    const [name, club] = [heading('Name'), heading('Club')];
    const pieces = words.filter((w) => w.yMin > name.yMin && w.text.length > 8 && LONG_NAME.includes(w.text));
    expect(pieces.length).toBeGreaterThan(3);
    for (const w of pieces) {
      expect(w.xMin).toBeGreaterThanOrEqual(name.xMin - 1);
      expect(w.xMax).toBeLessThan(club.xMin);
    }
  });
});
