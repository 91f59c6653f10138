/**
 * Which font sets each character: the sheet's own DejaVu face where it has the glyph, else the Noto face of the
 * character's script (fonts.ts). Arabic and Hebrew always take their Noto face (DejaVu has the letters but Noto
 * joins and positions them properly); a combining mark or joiner stays in the font of the character it follows, so
 * a cluster is never split between fonts. Fonts are opened with fontkit, the engine pdfkit itself shapes with, so
 * the sheet and the posted photo measure and shape the same glyphs.
 */
import * as fontkit from 'fontkit';
import { FONT_FILES, fontPath, scriptFontPath, type FontName, type ScriptFontName } from '../fonts.js';

export type BaseFace = FontName;
export type Face = FontName | ScriptFontName;

const opened = new Map<Face, fontkit.Font>();

export function facePath(face: Face): string {
  return face in FONT_FILES ? fontPath(face as FontName) : scriptFontPath(face as ScriptFontName);
}

export function faceFont(face: Face): fontkit.Font {
  let font = opened.get(face);
  if (!font) {
    font = fontkit.openSync(facePath(face)) as fontkit.Font;
    opened.set(face, font);
  }
  return font;
}

/** Scripts (by Unicode Script_Extensions) that have a face of their own: regular and bold. */
const SCRIPT_FACES: [RegExp, ScriptFontName, ScriptFontName][] = [
  [/\p{scx=Arabic}/u, 'arabic', 'arabicBold'],
  [/\p{scx=Hebrew}/u, 'hebrew', 'hebrewBold'],
  [/\p{scx=Thai}/u, 'thai', 'thaiBold'],
  [/\p{scx=Devanagari}/u, 'devanagari', 'devanagariBold'],
  [/[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Bopomofo}]/u, 'han', 'han'],
  [/\p{scx=Hangul}/u, 'hangul', 'hangul'],
];
/** For a character of no listed script that DejaVu lacks (fullwidth forms, CJK symbols): the first face that has it. */
const FALLBACKS: ScriptFontName[] = ['han', 'hangul', 'arabic', 'hebrew', 'thai', 'devanagari'];
/** Marks, joiners and variation selectors belong to the character before them. */
const CLINGS = /^(?:\p{Mn}|\p{Me}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;
const RTL = /[\p{scx=Arabic}\p{scx=Hebrew}\p{scx=Syriac}\p{scx=Thaana}\p{scx=Nko}\u200f\u202b\u202e\u2067]/u;

const has = (face: Face, ch: string) => faceFont(face).hasGlyphForCodePoint(ch.codePointAt(0) as number);
const boldOf = (base: BaseFace) => base === 'sansBold';

/** The face for `ch`, given the text's base face and the face of the character before it. */
export function faceOf(ch: string, base: BaseFace, previous: Face | null): Face {
  if (previous && CLINGS.test(ch)) return previous;
  for (const [re, regular, bold] of SCRIPT_FACES) if (re.test(ch)) return boldOf(base) ? bold : regular;
  if (ch.charCodeAt(0) < 0x250 || has(base, ch)) return base;
  if (base === 'mono' && has('sans', ch)) return 'sans';
  return FALLBACKS.find((f) => has(f, ch)) ?? base;
}

/** Runs of consecutive characters set in one face, in logical order. */
export function faceRuns(text: string, base: BaseFace): { text: string; face: Face }[] {
  const runs: { text: string; face: Face }[] = [];
  let previous: Face | null = null;
  for (const ch of text) {
    const face = faceOf(ch, base, previous);
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += ch;
    else runs.push({ text: ch, face });
    previous = face;
  }
  return runs;
}

/**
 * True where the text needs more than its base face drawing left to right: a character of another face, or
 * right-to-left text. Other text keeps the exporters' plain path, byte for byte as before.
 */
export function needsShaping(text: string, base: BaseFace): boolean {
  if (RTL.test(text)) return true;
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\u024f\u2000-\u206f]*$/.test(text)) return false;
  return faceRuns(text, base).some((r) => r.face !== base);
}
