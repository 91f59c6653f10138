/**
 * An enlargement painted for sharp: the close-up scene (the same shapes the sheet prints) as SVG lines and
 * pre-rendered texts, and the crop itself with every pixel a whole block of pixels.
 */
import type { OverlayOptions } from 'sharp';
import type { CloseupScene } from '../../domain/closeup/closeup-scene.js';
import type { TextCache } from './text.js';

/** SVG elements and text layers of a scene whose image's top-left corner lands at (x0, y0). */
export function paintCloseup(scene: CloseupScene, x0: number, y0: number, row: number, text: TextCache, size: number): { svg: string[]; texts: OverlayOptions[] } {
  const svg: string[] = [];
  const f = (v: number) => v.toFixed(2);
  for (const l of scene.lines) {
    // Whole-pixel positions for vertical lines of whole width, so a hairline is one crisp colour.
    const snap = (x: number) => (l.width >= 2 ? Math.round(x) : Math.floor(x) + 0.5);
    const vertical = l.x1 === l.x2;
    const X1 = vertical ? snap(x0 + l.x1) : x0 + l.x1;
    const X2 = vertical ? snap(x0 + l.x2) : x0 + l.x2;
    svg.push(`<line x1="${f(X1)}" y1="${f(y0 + l.y1)}" x2="${f(X2)}" y2="${f(y0 + l.y2)}" stroke="${l.colour}" stroke-width="${l.width}"${l.dashed ? ' stroke-dasharray="8 5"' : ''}/>`);
  }
  const texts = scene.texts.map((t): OverlayOptions => {
    const img = text.get({ text: t.text, colour: t.colour, bold: t.bold, size });
    return { input: img.input, left: Math.round(x0 + t.x), top: Math.round(y0 + t.y + (row - img.height) / 2) };
  });
  return { svg, texts };
}
