/**
 * Every JPEG frame's header and end, checked before FFmpeg sees the folder. FFmpeg's concat decoder cannot name
 * a bad file: a frame of another size makes it rebuild its filters and lose the good frame it held (the failure
 * then lands on the wrong file), and after an error the rest of its list is lost. So a frame of the wrong size or
 * format, an empty, foreign or cut-off file never reaches it: it is named here, before decoding starts. Reads only
 * the head (where the size is) and the last bytes (the end marker) of each file.
 */
import { open } from 'node:fs/promises';
import { orderedMap } from '../concurrency.js';
import type { PixelFormat } from '../pixels.js';
import { readImageHeader } from './image-header.js';

/** Enough for the markers before the frame header of most JPEGs; a larger EXIF block (a thumbnail) means reading the whole file. */
const HEAD_BYTES = 8 * 1024;
const SCANS_IN_FLIGHT = 16;

export interface JpegExpectation {
  width: number;
  height: number;
  format: PixelFormat;
  firstName: string;
}

/** What is wrong with one JPEG frame, or null. */
export function jpegProblem(file: string, bytes: number, head: Uint8Array, tail: Uint8Array, want: JpegExpectation): string | null {
  if (bytes === 0) return `${file}: empty file (0 bytes)`;
  const header = readImageHeader(head);
  if (!header) return `${file}: not a readable JPEG image`;
  if (header.width !== want.width || header.height !== want.height) {
    return `${file}: frame is ${header.width}×${header.height} px but ${want.firstName} is ${want.width}×${want.height} px (all frames must be the same size)`;
  }
  if (header.format.channels !== want.format.channels) {
    return `${file}: frame is ${header.format.channels === 1 ? 'grey' : 'colour'} but ${want.firstName} is ${want.format.channels === 1 ? 'grey' : 'colour'} (all frames must share one format)`;
  }
  // A JPEG ends with the EOI marker (FF D9); cameras write nothing after it but padding, a cut-off copy lacks it.
  let end = tail.length;
  while (end > 2 && (tail[end - 1] === 0x00 || tail[end - 1] === 0x0a || tail[end - 1] === 0x0d)) end--;
  if (tail[end - 2] !== 0xff || tail[end - 1] !== 0xd9) return `${file}: truncated image (the JPEG end marker is missing)`;
  return null;
}

async function scanOne(file: string, want: JpegExpectation): Promise<string | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return `${file}: ${code === 'ENOENT' ? 'missing (was it moved during the build?)' : 'cannot be read'}`;
  }
  try {
    const { size } = await handle.stat();
    const head = await readAt(handle, 0, Math.min(size, HEAD_BYTES));
    const tail = size > HEAD_BYTES ? await readAt(handle, size - 64, 64) : head.subarray(Math.max(0, head.length - 64));
    // The frame header may lie past the head (a large EXIF block): then the whole file is read.
    const headerPart = readImageHeader(head) || size <= HEAD_BYTES ? head : await readAt(handle, 0, size);
    return jpegProblem(file, size, headerPart, tail, want);
  } finally {
    await handle.close();
  }
}

async function readAt(handle: Awaited<ReturnType<typeof open>>, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The problem of every frame (null where it is fine), in frame order. */
export async function scanJpegFrames(files: readonly string[], want: JpegExpectation, signal?: AbortSignal): Promise<(string | null)[]> {
  const problems: (string | null)[] = [];
  for await (const p of orderedMap(files.length, SCANS_IN_FLIGHT, (i) => scanOne(files[i] as string, want), signal)) problems.push(p);
  return problems;
}
