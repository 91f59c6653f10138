import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderFittedText, renderText } from '../../../../app/exports/raster/text.js';
import { textWidth } from '../../../../app/exports/text/layout-text.js';
import { LONG_NAME, SCRIPT_NAMES } from '../../../helpers/script-names.js';

/** Columns of the image that hold any ink. */
async function inkColumns(input: Buffer): Promise<number> {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let x = 0; x < info.width; x++) {
    for (let y = 0; y < info.height; y++) {
      if ((data[(y * info.width + x) * 4 + 3] as number) > 64) {
        n++;
        break;
      }
    }
  }
  return n;
}

describe('text on the exported images', () => {
  it('draws each script with its own font, as wide as its shaped glyphs (not boxes, not the machine’s fonts)', async () => {
    for (const name of Object.values(SCRIPT_NAMES)) {
      for (const bold of [false, true]) {
        const img = await renderText(name, '#111111', bold, 30);
        expect(Math.abs(img.width - textWidth(name, bold ? 'sansBold' : 'sans', 30)), name).toBeLessThanOrEqual(2);
        expect(await inkColumns(img.input)).toBeGreaterThan(img.width / 3);
      }
    }
  });

  it('is the same pixels every time', async () => {
    const a = await renderText(SCRIPT_NAMES['12'] as string, '#111111', true, 34, 600);
    const b = await renderText(SCRIPT_NAMES['12'] as string, '#111111', true, 34, 600);
    expect(a.input.equals(b.input)).toBe(true);
  });

  it('wraps a 200-character name without spaces within the width, in any script', async () => {
    for (const text of [`#12 ${LONG_NAME} wins`, `#12 ${'王'.repeat(120)}`, `${'ب'.repeat(150)}`]) {
      const img = await renderText(text, '#ffffff', true, 34, 900);
      expect(img.width, text.slice(0, 10)).toBeLessThanOrEqual(900);
      expect(img.height).toBeGreaterThan(34 * 3);
    }
  });

  it('cuts a name to its room with "…"', async () => {
    const img = await renderFittedText(LONG_NAME, '#111111', false, 30, 420);
    expect(img.width).toBeLessThanOrEqual(420);
    expect(img.width).toBeGreaterThan(380);
    const short = await renderFittedText('Anna Müller', '#111111', false, 30, 420);
    expect(short.width).toBe((await renderText('Anna Müller', '#111111', false, 30)).width);
  });
});
