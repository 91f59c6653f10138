/** Shared by sources that are one bounded image file (animated GIF, native line-scan): decode once, slice in memory. */
import { stat } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { UserError } from '../../domain/errors.js';
import { megapixels } from '../limits.js';
import { formatFromMetadata, samplesOf, toRaw, type PixelFormat, type Samples } from '../pixels.js';

export interface DecodedImage {
  pixels: Samples;
  width: number;
  /** Full height (all pages stacked, for a GIF). */
  height: number;
  format: PixelFormat;
  meta: Metadata;
  bytes: number;
}

export async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    throw new UserError(`${file}: file not found`, 'NOT_FOUND');
  }
}

export async function readImageMetadata(file: string, limit: number, animated: boolean): Promise<{ meta: Metadata; bytes: number }> {
  const bytes = await fileSize(file);
  if (bytes === 0) throw new UserError(`${file}: empty file (0 bytes)`, 'INVALID_ARGUMENT');
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false, pages: animated ? -1 : 1 }).metadata();
  } catch (err) {
    throw new UserError(`${file}: not a readable image (${(err instanceof Error ? err.message : String(err)).split('\n')[0]})`, 'INVALID_ARGUMENT');
  }
  const px = (meta.width ?? 0) * (meta.height ?? 0);
  if (px > limit) throw new UserError(`${file}: ${meta.width}×${meta.height} px is over the ${megapixels(limit)} limit`, 'INVALID_ARGUMENT');
  return { meta, bytes };
}

export async function decodeWholeImage(file: string, limit: number, animated: boolean): Promise<DecodedImage> {
  const { meta, bytes } = await readImageMetadata(file, limit, animated);
  const format = animated ? ({ depth: 8, channels: 3 } as const) : formatFromMetadata(meta);
  try {
    const img = sharp(file, { limitInputPixels: limit, pages: animated ? -1 : 1, failOn: 'warning' });
    const raw = await toRaw(img, format).toBuffer({ resolveWithObject: true });
    return { pixels: samplesOf(raw.data, format.depth), width: raw.info.width, height: raw.info.height, format, meta, bytes };
  } catch (err) {
    const msg = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    throw new UserError(`${file}: ${/premature|truncat|end of/i.test(msg) ? 'truncated' : 'not a readable'} image (${msg})`, 'INVALID_ARGUMENT');
  }
}

