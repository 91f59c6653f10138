/**
 * A frame folder's reference frame: the size and format most of its first few readable frames share, which every
 * other frame must have. frame-folder.ts finds it with sharp; a folder of JPEGs FFmpeg will decode finds it here
 * from the frames' own headers, and FFmpeg's decode of the reference proves it readable, so such a build never
 * loads sharp (0.2 CPU-s: sharp-module.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FRAME_PIXEL_LIMIT } from '../limits.js';
import type { PixelFormat } from '../pixels.js';
import { readImageHeader } from './image-header.js';
import { ffmpegDecodesJpeg } from './jpeg-ffmpeg.js';

export interface FirstFrame {
  width: number;
  height: number;
  format: PixelFormat;
  name: string;
}

/**
 * How many readable frames the folder's size and format are taken from. The first frame alone would make an odd
 * first frame the reference: every good frame after it would be blamed (and left out with skipBad) instead of it.
 */
export const REFERENCE_VOTERS = 5;

/** The earliest frame with the size and format most of `frames` share (the earliest frame's on a tie). */
export function mostShared(frames: readonly FirstFrame[]): FirstFrame | undefined {
  const kind = (f: FirstFrame) => `${f.width}×${f.height} ${f.format.depth} ${f.format.channels}`;
  const votes = new Map<string, number>();
  for (const f of frames) votes.set(kind(f), (votes.get(kind(f)) ?? 0) + 1);
  let best = frames[0];
  for (const f of frames) if (best && (votes.get(kind(f)) ?? 0) > (votes.get(kind(best)) ?? 0)) best = f;
  return best;
}

/** A JPEG's header (a PNG named .jpg is not one: FFmpeg, going by the name, would not read it). */
const jpegHeader = (b: Buffer) => (b[0] === 0xff && b[1] === 0xd8 ? readImageHeader(b) : null);

/**
 * The reference of a JPEG folder from the first frames' headers, if each has a plain 8-bit grey or YCbCr header
 * within the pixel limit and FFmpeg decodes the reference; null otherwise, and the caller asks sharp, which names
 * what is wrong exactly as before (an empty or foreign first frame, a frame over the limit).
 */
export async function jpegReferenceForFfmpeg(folder: string, names: readonly string[]): Promise<FirstFrame | null> {
  const voters: FirstFrame[] = [];
  for (const name of names) {
    if (voters.length === REFERENCE_VOTERS) break;
    const header = await readFile(path.join(folder, name)).then(jpegHeader, () => null);
    if (header === null || header.width * header.height > FRAME_PIXEL_LIMIT) return null;
    voters.push({ ...header, name });
  }
  const reference = mostShared(voters);
  if (!reference) return null;
  return (await ffmpegDecodesJpeg(path.join(folder, reference.name), reference.format.channels as 1 | 3)) ? reference : null;
}
