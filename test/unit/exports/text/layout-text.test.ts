import { describe, expect, it } from 'vitest';
import { faceFont, faceRuns, needsShaping } from '../../../../app/exports/text/faces.js';
import { breakLines, fitWithEllipsis, layoutLine, paragraphDirection, textWidth } from '../../../../app/exports/text/layout-text.js';
import { LONG_NAME, SCRIPT_NAMES } from '../../../helpers/script-names.js';

/** The line's pieces left to right, as [text handed to the shaper, face]. */
const visual = (text: string) => layoutLine(text, 'sans', 10, paragraphDirection(text)).pieces.filter((p) => p.text.trim()).map((p) => [p.text, p.face]);

describe('text in any script', () => {
  it('sets each script in a font that has its glyphs: no .notdef in any name', () => {
    for (const name of Object.values(SCRIPT_NAMES)) {
      for (const p of layoutLine(name, 'sans', 10, paragraphDirection(name)).pieces) {
        const run = faceFont(p.face).layout(p.text);
        expect(run.glyphs.map((g) => g.id), `${name}: "${p.text}" in ${p.face}`).not.toContain(0);
      }
    }
    expect(faceRuns('王小明', 'sans').map((r) => r.face)).toEqual(['han']);
    expect(faceRuns('김민준', 'sansBold').map((r) => r.face)).toEqual(['hangul']);
    expect(faceRuns('สมชาย', 'sansBold').map((r) => r.face)).toEqual(['thaiBold']);
    expect(faceRuns('राहुल', 'sans').map((r) => r.face)).toEqual(['devanagari']);
    // Japanese: kana and kanji in the Han face (Noto Sans SC carries both).
    expect(faceRuns('やまだ タロウ', 'sans').map((r) => r.face)).toEqual(['han', 'sans', 'han']);
  });

  it('keeps Latin text on the plain path and sends other scripts and right-to-left text to the shaper', () => {
    expect(needsShaping("Zoë Ñúñez-O'Brien — Łódź", 'sans')).toBe(false);
    expect(needsShaping(LONG_NAME, 'sans')).toBe(false);
    for (const name of Object.values(SCRIPT_NAMES)) expect(needsShaping(name, 'sans'), name).toBe(true);
  });

  it('orders right-to-left words from the right, with numbers and Latin inside them left to right', () => {
    // Hebrew: the first word stands rightmost; the shaper is handed each word in logical order (it reverses the glyphs).
    expect(visual('דוד לוי')).toEqual([['לוי', 'hebrew'], ['דוד', 'hebrew']]);
    expect(visual('محمد عبد الله')).toEqual([['الله', 'arabic'], ['عبد', 'arabic'], ['محمد', 'arabic']]);
    // An Arabic name inside an English line: the line stays left to right, the name's words right to left.
    expect(visual('beat #12 محمد عبد by 0.02 s')).toEqual([['beat', 'sans'], ['#12', 'sans'], ['عبد', 'arabic'], ['محمد', 'arabic'], ['by', 'sans'], ['0.02', 'sans'], ['s', 'sans']]);
    // A name is set apart from the sentence around it: the number after it stays with its English words.
    expect(visual('1st #12 محمد عبد, 2nd #7').map((p) => p[0])).toEqual(['1st', '#12', 'عبد', 'محمد', ',', '2nd', '#7']);
    // An Arabic line with a number: the number reads left to right at the line's left end.
    expect(visual('محمد 2026')).toEqual([['2026', 'sans'], ['محمد', 'arabic']]);
    expect(paragraphDirection('דוד לוי')).toBe('rtl');
    expect(paragraphDirection('Anna دوو')).toBe('ltr');
  });

  it('breaks a 200-character name without spaces between its characters, every line within the width', () => {
    const lines = breakLines(LONG_NAME, 'sans', 8, 120);
    expect(lines.join('')).toBe(LONG_NAME);
    expect(lines.length).toBeGreaterThan(5);
    for (const l of lines) expect(textWidth(l, 'sans', 8)).toBeLessThanOrEqual(120);
  });

  it('breaks Chinese between ideographs and keeps spaces as the break between words', () => {
    const lines = breakLines('王小明王小明王小明 Anna Müller', 'sans', 10, 35);
    expect(lines.join('|')).toBe('王小明|王小明|王小明|Anna|Müller');
    for (const l of lines) expect(textWidth(l, 'sans', 10)).toBeLessThanOrEqual(35);
  });

  it('shortens with "…" to the width, cutting between characters', () => {
    const fitted = fitWithEllipsis(LONG_NAME, 'sans', 30, 400);
    expect(fitted.endsWith('…')).toBe(true);
    expect(LONG_NAME.startsWith(fitted.slice(0, -1))).toBe(true);
    expect(textWidth(fitted, 'sans', 30)).toBeLessThanOrEqual(400);
    expect(textWidth(`${LONG_NAME.slice(0, fitted.length)}…`, 'sans', 30)).toBeGreaterThan(400);
    expect(fitWithEllipsis('Anna Müller', 'sans', 30, 400)).toBe('Anna Müller');
  });
});
