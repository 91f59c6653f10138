/**
 * Text in other scripts on the result sheet: the sheet's fonts are DejaVu, so a name in Chinese, Korean, Thai,
 * Devanagari, Arabic or Hebrew is laid out by text/layout-text.ts (font per run, lines, display order) and each run
 * is drawn with its own embedded font at the base font's baseline. pdfkit shapes each run with fontkit and embeds
 * only the glyphs used (subset), so a sheet grows by the glyphs it prints, not by the fonts.
 */
import type { BaseFace, Face } from '../text/faces.js';
import { facePath, needsShaping } from '../text/faces.js';
import { breakLines, fitWithEllipsis, layoutLine, paragraphDirection, textWidth } from '../text/layout-text.js';

export type SheetFontName = 'Sans' | 'Sans-Bold' | 'Mono';

export const BASE_FACE: Record<SheetFontName, BaseFace> = { Sans: 'sans', 'Sans-Bold': 'sansBold', Mono: 'mono' };

export interface CurrentFont {
  name: SheetFontName;
  size: number;
}

interface ShapedOptions {
  width?: number;
  align?: string;
  lineBreak?: boolean;
}

/** Whether `text` in this font needs the shaped path (else pdfkit's own, unchanged). */
export const isShaped = (text: string, font: CurrentFont) => needsShaping(text, BASE_FACE[font.name]);

/** The lines `text` takes: one when it does not break (cut with "…" to the width), else wrapped to the width. */
export function shapedLines(text: string, font: CurrentFont, o: ShapedOptions): string[] {
  const base = BASE_FACE[font.name];
  if (o.width === undefined) return text.split('\n');
  if (o.lineBreak === false) return [fitWithEllipsis(text.replace(/\n/g, ' '), base, font.size, o.width)];
  return breakLines(text, base, font.size, o.width);
}

export const shapedWidth = (text: string, font: CurrentFont) => textWidth(text, BASE_FACE[font.name], font.size);

const faceName = (face: Face) => `Face-${face}`;

/** Draws `text` with its top at `y` as pdfkit would (lines `lineHeight` apart, baseline at the base font's ascender). */
export function drawShapedText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, font: CurrentFont, o: ShapedOptions, lineHeight: number, registered: Set<Face>): void {
  const base = BASE_FACE[font.name];
  const ascent = (doc as unknown as { _font: { ascender: number } })._font.ascender / 1000 * font.size;
  const direction = paragraphDirection(text);
  shapedLines(text, font, o).forEach((line, i) => {
    const laid = layoutLine(line, base, font.size, direction);
    const room = o.width ?? laid.width;
    const left = o.align === 'right' ? x + room - laid.width : o.align === 'center' ? x + (room - laid.width) / 2 : x;
    const baseline = y + i * lineHeight + ascent;
    for (const p of laid.pieces) {
      if (!p.text.trim()) continue;
      if (!registered.has(p.face)) {
        doc.registerFont(faceName(p.face), facePath(p.face));
        registered.add(p.face);
      }
      doc.font(faceName(p.face)).fontSize(font.size);
      doc.text(p.text, left + p.x, baseline, { lineBreak: false, baseline: 'alphabetic' });
    }
  });
  doc.font(font.name).fontSize(font.size);
}
