/**
 * The TrueType fonts every export embeds (DejaVu Sans and Sans Mono, Bitstream Vera licence, shipped in
 * `assets/fonts/` with their licence). Embedding them is what makes a sheet print the same on every machine:
 * pdfkit's built-in AFM fonts are not embedded and the annotated PNG must not depend on installed fonts.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * Fonts for the scripts DejaVu lacks (Chinese, Japanese, Korean, Thai, Devanagari) or sets without proper joining
 * (Arabic, Hebrew): Google's Noto Sans families (SIL Open Font License 1.1) as the @expo-google-fonts npm packages
 * ship them, plain TrueType with the OpenType shaping tables, pinned to exact versions so a sheet's bytes do not
 * change with a font update. CJK is one weight only (each weight is 6-10 MB): bold CJK text prints regular.
 * Noto Sans SC carries the Han ideographs and kana, Noto Sans KR the Hangul.
 */
export const SCRIPT_FONT_FILES = {
  arabic: ['@expo-google-fonts/noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf'],
  arabicBold: ['@expo-google-fonts/noto-sans-arabic', '700Bold/NotoSansArabic_700Bold.ttf'],
  hebrew: ['@expo-google-fonts/noto-sans-hebrew', '400Regular/NotoSansHebrew_400Regular.ttf'],
  hebrewBold: ['@expo-google-fonts/noto-sans-hebrew', '700Bold/NotoSansHebrew_700Bold.ttf'],
  thai: ['@expo-google-fonts/noto-sans-thai', '400Regular/NotoSansThai_400Regular.ttf'],
  thaiBold: ['@expo-google-fonts/noto-sans-thai', '700Bold/NotoSansThai_700Bold.ttf'],
  devanagari: ['@expo-google-fonts/noto-sans-devanagari', '400Regular/NotoSansDevanagari_400Regular.ttf'],
  devanagariBold: ['@expo-google-fonts/noto-sans-devanagari', '700Bold/NotoSansDevanagari_700Bold.ttf'],
  han: ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
  hangul: ['@expo-google-fonts/noto-sans-kr', '400Regular/NotoSansKR_400Regular.ttf'],
} as const;

export type ScriptFontName = keyof typeof SCRIPT_FONT_FILES;

const requireHere = createRequire(import.meta.url);

/** A script font's file, inside its npm package (node_modules, or the packaged app's asar, which Electron reads). */
export function scriptFontPath(name: ScriptFontName): string {
  const [pkg, file] = SCRIPT_FONT_FILES[name];
  let dir: string;
  try {
    dir = path.dirname(requireHere.resolve(`${pkg}/package.json`));
  } catch {
    throw new UserError(`Fonts for names in other scripts are missing: the package ${pkg} is not installed; reinstall Photofinish`, 'INTERNAL');
  }
  return path.join(dir, file);
}
