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
