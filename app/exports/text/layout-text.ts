/**
 * Lines of text in any script, laid out the same way for the result sheet (pdfkit) and the posted photo (glyph
 * outlines): widths from fontkit's shaping of each font run, lines broken at spaces and between ideographs (inside a
 * word only where the word alone is wider than the line), and each line's runs put in display order by the Unicode
 * bidirectional algorithm (bidi-js), so Arabic and Hebrew read right to left with numbers and Latin words inside
 * them left to right. A run is handed to the shaper in logical order: fontkit joins Arabic, forms Devanagari
 * conjuncts and Thai marks, and reverses a right-to-left script's glyphs itself.
 */
import bidiFactory from 'bidi-js';
import { faceFont, faceOf, faceRuns, type BaseFace, type Face } from './faces.js';

const bidi = bidiFactory();

/** One run drawn as a unit: `text` in the order to hand to the shaper (already reversed where it must be). */
export interface Piece {
  text: string;
  face: Face;
  /** Points or pixels at the text's size. */
  width: number;
  /** Left edge from the start of the line. */
  x: number;
}

export interface LaidLine {
  pieces: Piece[];
  width: number;
}

const widths = new Map<string, number>();

/** Advance width of `text` shaped in one face, at `size` (em = size). */
export function runWidth(text: string, face: Face, size: number): number {
  const key = `${face}|${text}`;
  let units = widths.get(key);
  if (units === undefined) {
    const font = faceFont(face);
    const run = font.layout(text);
    units = run.positions.reduce((s, p) => s + p.xAdvance, 0) / font.unitsPerEm;
    if (widths.size > 20_000) widths.clear();
    widths.set(key, units);
  }
  return units * size;
}

export function textWidth(text: string, base: BaseFace, size: number): number {
  return faceRuns(text, base).reduce((s, r) => s + runWidth(r.text, r.face, size), 0);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const clusters = (s: string) => [...graphemes.segment(s)].map((g) => g.segment);
const IDEOGRAPH = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;

/** Pieces to lay out lines from: runs of spaces, words, and each ideograph on its own (a line may break between). */
function breakable(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\s+|[^\s]+/gu)) {
    const word = m[0];
    if (!IDEOGRAPH.test(word)) {
      out.push(word);
      continue;
    }
    let cur = '';
    for (const g of clusters(word)) {
      if (IDEOGRAPH.test(g)) {
        if (cur) out.push(cur);
        out.push(g);
        cur = '';
      } else cur += g;
    }
    if (cur) out.push(cur);
  }
  return out;
}

/**
 * The text's lines at most `width` wide (each paragraph of `\n` on its own lines), in logical order. Widths add up
 * piece by piece (each piece shaped once and remembered), so a long paragraph costs one shaping per word.
 */
export function breakLines(text: string, base: BaseFace, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let ink = 0; // width of the line without its trailing spaces
    let spaces = ''; // spaces after the last word, kept only if another word follows on the line
    const push = () => {
      lines.push(line);
      line = '';
      ink = 0;
      spaces = '';
    };
    const add = (piece: string, w: number) => {
      line += spaces + piece;
      ink += (spaces ? textWidth(spaces, base, size) : 0) + w;
      spaces = '';
    };
    for (const token of breakable(paragraph)) {
      if (/^\s+$/.test(token)) {
        if (line) spaces += token;
        continue;
      }
      const w = textWidth(token, base, size);
      const gap = spaces ? textWidth(spaces, base, size) : 0;
      if (!line || ink + gap + w <= width) {
        if (!line && w > width) {
          // A word wider than the line is cut between its characters (never inside one).
          for (const g of clusters(token)) {
            const gw = textWidth(g, base, size);
            if (line && ink + gw > width) push();
            add(g, gw);
          }
        } else add(token, w);
        continue;
      }
      push();
      if (w <= width) add(token, w);
      else {
        for (const g of clusters(token)) {
          const gw = textWidth(g, base, size);
          if (line && ink + gw > width) push();
          add(g, gw);
        }
      }
    }
    push();
  }
  return lines;
}

/** The text as it is when it fits in `width`, else cut at a character with "…" at its (logical) end. */
export function fitWithEllipsis(text: string, base: BaseFace, size: number, width: number): string {
  if (textWidth(text, base, size) <= width) return text;
  const g = clusters(text);
  let lo = 0;
  let hi = g.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${g.slice(0, mid).join('').trimEnd()}…`, base, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${g.slice(0, lo).join('').trimEnd()}…`;
}

/** The paragraph direction of a text by its first strong character (UAX #9 P2, P3). */
export function paragraphDirection(text: string): 'ltr' | 'rtl' {
  const levels = bidi.getEmbeddingLevels(text);
  return levels.paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}

const SHAPER_REVERSES = /[\p{scx=Arabic}\p{scx=Hebrew}\p{scx=Syriac}\p{scx=Thaana}\p{scx=Nko}]/u;
const RTL_LETTER = String.raw`[\p{scx=Arabic}\p{scx=Hebrew}]`;
const RTL_WORD = String.raw`${RTL_LETTER}(?:${RTL_LETTER}|\p{M}|\u200c|\u200d|['’-])*`;
const RTL_NAME = new RegExp(String.raw`${RTL_WORD}(?:\s+${RTL_WORD})*`, 'gu');
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * In a left-to-right sentence, each right-to-left name is set apart as a bidi isolate (UAX #9 FSI…PDI), as HTML's
 * <bdi> would: without it the number after "…, محمد عبد الله, 2nd" joins the Arabic run and "2" prints before the
 * name. The isolate marks are never drawn.
 */
function isolateNames(line: string, direction: 'ltr' | 'rtl'): string {
  return direction === 'ltr' ? line.replace(RTL_NAME, (m) => `${FSI}${m}${PDI}`) : line;
}

/** One line's pieces in display order, left to right, with their widths and positions. */
export function layoutLine(text: string, base: BaseFace, size: number, direction: 'ltr' | 'rtl'): LaidLine {
  const line = isolateNames(text, direction);
  const { levels } = bidi.getEmbeddingLevels(line, direction);
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: { text: string; face: Face; level: number; space: boolean }[] = [];
  let previous: Face | null = null;
  let i = 0;
  for (const raw of line) {
    if (raw === FSI || raw === PDI) {
      i += 1;
      continue;
    }
    const ch = mirrored.get(i) ?? raw;
    const level = levels[i] ?? 0;
    const space = /\s/.test(ch);
    const face = faceOf(ch, base, previous);
    const last = runs[runs.length - 1];
    if (last && last.face === face && last.level === level && last.space === space) last.text += ch;
    else runs.push({ text: ch, face, level, space });
    previous = face;
    i += raw.length;
  }
  // UAX #9 L2: from the highest level down to the lowest odd one, reverse every sequence at that level or higher.
  const max = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), max + 1);
  for (let k = max; k >= lowestOdd; k--) {
    for (let a = 0; a < runs.length; ) {
      if ((runs[a]?.level ?? 0) < k) {
        a++;
        continue;
      }
      let b = a;
      while (b < runs.length && (runs[b]?.level ?? 0) >= k) b++;
      runs.splice(a, b - a, ...runs.slice(a, b).reverse());
      a = b;
    }
  }
  let x = 0;
  const pieces = runs.map((r): Piece => {
    // A right-to-left run the shaper does not reverse (punctuation, symbols) is reversed here.
    const text = r.level % 2 === 1 && !SHAPER_REVERSES.test(r.text) ? clusters(r.text).reverse().join('') : r.text;
    const width = runWidth(text, r.face, size);
    const piece = { text, face: r.face, width, x };
    x += width;
    return piece;
  });
  return { pieces, width: x };
}
