/**
 * The TrueType fonts every export embeds (DejaVu Sans and Sans Mono, Bitstream Vera licence, shipped in
 * `assets/fonts/` with their licence). Embedding them is what makes a sheet print the same on every machine:
 * pdfkit's built-in AFM fonts are not embedded and the annotated PNG must not depend on installed fonts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../domain/errors.js';

export const FONT_FILES = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;

let cached: string | null = null;

/**
 * The `assets/fonts` folder: found by walking up from this module (source tree, tsx, or a bundle under dist/),
 * or inside a packaged app's resources folder.
 */
export function fontsDir(): string {
  if (cached) return cached;
  const candidates: string[] = [];
  if (process.env.PHOTOFINISH_FONTS_DIR) candidates.push(process.env.PHOTOFINISH_FONTS_DIR);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, 'assets', 'fonts'));
    dir = path.dirname(dir);
  }
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources) candidates.push(path.join(resources, 'assets', 'fonts'), path.join(resources, 'app.asar.unpacked', 'assets', 'fonts'));
  const found = candidates.find((c) => existsSync(path.join(c, FONT_FILES.sans)));
  if (!found) throw new UserError(`Fonts for the result sheet are missing: ${FONT_FILES.sans} not found in assets/fonts; reinstall Photofinish`, 'INTERNAL');
  cached = found;
  return found;
}

export function fontPath(name: FontName): string {
  return path.join(fontsDir(), FONT_FILES[name]);
}
