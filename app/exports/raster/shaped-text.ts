/**
 * Text in other scripts on the exported images, drawn as glyph outlines: the same layout as the sheet
 * (text/layout-text.ts: a font per run, lines, display order), each run shaped by fontkit and its glyphs' outlines
 * written as SVG paths that sharp rasterises. Nothing depends on the fonts installed on the machine (sharp's own
 * text rendering falls back to whatever fontconfig finds), and the same race gives the same pixels everywhere.
 */
import sharp from 'sharp';
import { faceFont, type BaseFace } from '../text/faces.js';
import { breakLines, layoutLine, paragraphDirection } from '../text/layout-text.js';
import type { TextImage } from './text.js';

const round = (n: number) => Math.round(n * 100) / 100;

/** `text` at `size` pixels (em), one line or wrapped at `wrap` pixels; right-to-left paragraphs align right. */
export async function renderShapedText(text: string, colour: string, base: BaseFace, size: number, wrap?: number): Promise<TextImage> {
  const baseFont = faceFont(base);
  const ascent = (baseFont.ascent / baseFont.unitsPerEm) * size;
  const lineHeight = ((baseFont.ascent - baseFont.descent) / baseFont.unitsPerEm) * size;
  const direction = paragraphDirection(text);
  const lines = (wrap ? breakLines(text, base, size, wrap) : text.split('\n')).map((l) => layoutLine(l, base, size, direction));
  const width = Math.max(1, Math.ceil(Math.max(...lines.map((l) => l.width))));
  const paths: string[] = [];
  let top = 0;
  let bottom = lines.length * lineHeight;
  lines.forEach((line, i) => {
    const baseline = i * lineHeight + ascent;
    const left = direction === 'rtl' ? width - line.width : 0;
    for (const piece of line.pieces) {
      if (!piece.text.trim()) continue;
      const font = faceFont(piece.face);
      const scale = size / font.unitsPerEm;
      const run = font.layout(piece.text);
      let x = left + piece.x;
      run.glyphs.forEach((glyph, k) => {
        const pos = run.positions[k] as (typeof run.positions)[number];
        const gx = x + pos.xOffset * scale;
        const gy = baseline - pos.yOffset * scale;
        const d = glyph.path.toSVG();
        if (d) {
          const box = glyph.bbox;
          top = Math.min(top, gy - box.maxY * scale);
          bottom = Math.max(bottom, gy - box.minY * scale);
          paths.push(`<path transform="translate(${round(gx)} ${round(gy)}) scale(${round(scale * 1e4) / 1e4} ${-round(scale * 1e4) / 1e4})" d="${d}"/>`);
        }
        x += pos.xAdvance * scale;
      });
    }
  });
  // Marks above Thai or Devanagari letters may reach over the base font's line: the image grows to hold them.
  const shift = Math.ceil(-top);
  const height = Math.max(1, Math.ceil(bottom) + shift);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="${colour}" transform="translate(0 ${shift})">${paths.join('')}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}
