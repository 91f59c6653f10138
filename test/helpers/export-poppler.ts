/** Reads result sheets back the way a person's tools would: poppler's pdftotext, pdftoppm, pdfinfo and pdffonts. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

async function withPdf<T>(pdf: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-poppler-'));
  try {
    const file = path.join(dir, 'sheet.pdf');
    await fs.writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Text of the whole file, or of one page (1-based). */
export async function pdfText(pdf: Buffer, mode: '-layout' | '-raw' = '-layout', page?: number): Promise<string> {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return withPdf(pdf, async (file) => (await run('pdftotext', [mode, '-enc', 'UTF-8', ...pages, file, '-'])).stdout);
}

export async function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  return withPdf(pdf, async (file) => {
    const out = (await run('pdfinfo', [file])).stdout;
    return Object.fromEntries(out.split('\n').filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]));
  });
}

export async function pdfFonts(pdf: Buffer): Promise<string> {
  return withPdf(pdf, async (file) => (await run('pdffonts', [file])).stdout);
}

export interface RenderedPage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
  png: Buffer;
  /** RGB at a pixel. */
  rgb(x: number, y: number): [number, number, number];
}

/** Renders one page (1-based) with pdftoppm at `dpi`. */
export async function renderPage(pdf: Buffer, page: number, dpi: number): Promise<RenderedPage> {
  return withPdf(pdf, async (file, dir) => {
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')]);
    const png = await fs.readFile(path.join(dir, 'page.png'));
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return {
      data,
      width: info.width,
      height: info.height,
      channels: info.channels,
      png,
      rgb(x, y) {
        const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
        return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      },
    };
  });
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot((a[0] as number) - (b[0] as number), (a[1] as number) - (b[1] as number), (a[2] as number) - (b[2] as number));
}

export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word on a page (1-based) with its box in points, as pdftotext -bbox reads them. */
export async function pdfWords(pdf: Buffer, page: number): Promise<PdfWord[]> {
  const html = await withPdf(pdf, async (file) => (await run('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'])).stdout);
  const words: PdfWord[] = [];
  for (const m of html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    words.push({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: (m[5] as string).replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'") });
  }
  return words;
}

export interface PdfImageInfo {
  page: number;
  width: number;
  height: number;
  xPpi: number;
  yPpi: number;
}

/** The images of a PDF as `pdfimages -list` reports them: pixel size and resolution as printed. */
export async function pdfImages(pdf: Buffer): Promise<PdfImageInfo[]> {
  const out = await withPdf(pdf, async (file) => (await run('pdfimages', ['-list', file])).stdout);
  return out
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 14 && f[2] === 'image')
    .map((f) => ({ page: Number(f[0]), width: Number(f[3]), height: Number(f[4]), xPpi: Number(f[12]), yPpi: Number(f[13]) }));
}
