/**
 * Text for the exported images (annotated PNG, posted photo), rendered by sharp from the embedded DejaVu font files
 * so an image does not depend on the fonts installed on the machine that exports it. Widths come from the rendered
 * text itself, so layouts measure exactly what they will draw.
 */
import sharp from 'sharp';
import { fontPath } from '../fonts.js';
import { needsShaping } from '../text/faces.js';
import { fitWithEllipsis } from '../text/layout-text.js';
import { renderShapedText } from './shaped-text.js';

export interface TextImage {
  input: Buffer;
  width: number;
  height: number;
}

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Text `size` pixels high on a transparent background: one line, or wrapped at `wrap` pixels (a word longer than the
 * line is broken between characters, so the image is never wider than `wrap`). Text in other scripts or right to
 * left is drawn by shaped-text.ts.
 */
export async function renderText(text: string, colour: string, bold: boolean, size: number, wrap?: number): Promise<TextImage> {
  if (text.trim() === '') return { input: await sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer(), width: 0, height: 0 };
  if (needsShaping(text, bold ? 'sansBold' : 'sans')) return renderShapedText(text, colour, bold ? 'sansBold' : 'sans', size, wrap);
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${colour}">${escapeMarkup(text)}</span>`,
      font: `DejaVu Sans${bold ? ' Bold' : ''} ${size}`,
      fontfile: fontPath(bold ? 'sansBold' : 'sans'),
      rgba: true,
      dpi: 72,
      ...(wrap ? { width: wrap, wrap: 'word-char' as const } : {}),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** One line at most `width` pixels wide: the text, or as much of it as fits followed by "…". */
export async function renderFittedText(text: string, colour: string, bold: boolean, size: number, width: number): Promise<TextImage> {
  let img = await renderText(text, colour, bold, size);
  // The layout's widths and the rendered image's can differ by a pixel or two: cut until the image fits.
  for (let room = width; img.width > width && room > 0; room -= Math.max(1, size / 4)) {
    img = await renderText(fitWithEllipsis(text, bold ? 'sansBold' : 'sans', size, room), colour, bold, size);
  }
  return img;
}

export interface TextSpec {
  text: string;
  colour: string;
  bold: boolean;
  /** Pixels. */
  size: number;
}

const keyOf = (t: Pick<TextSpec, 'text' | 'bold' | 'size'>) => `${t.bold ? 'b' : 'r'}${t.size}|${t.text}`;

/** Renders each distinct text once; `measure` then gives widths synchronously, for layouts. */
export class TextCache {
  private readonly images = new Map<string, TextImage>();
  private readonly widths = new Map<string, number>();

  async prepare(items: readonly TextSpec[]): Promise<void> {
    const key = (i: TextSpec) => `${i.colour}|${keyOf(i)}`;
    const todo = [...new Map(items.filter((i) => !this.images.has(key(i))).map((i) => [key(i), i])).values()];
    const rendered = await Promise.all(todo.map((i) => renderText(i.text, i.colour, i.bold, i.size)));
    todo.forEach((i, k) => {
      const img = rendered[k] as TextImage;
      this.images.set(key(i), img);
      this.widths.set(keyOf(i), img.width);
    });
  }

  get(t: TextSpec): TextImage {
    const img = this.images.get(`${t.colour}|${keyOf(t)}`);
    if (!img) throw new Error(`text not prepared: ${t.text}`);
    return img;
  }

  measure(text: string, bold: boolean, size: number): number {
    const w = this.widths.get(keyOf({ text, bold, size }));
    if (w === undefined) throw new Error(`text not prepared: ${text}`);
    return w;
  }
}
