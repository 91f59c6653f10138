/**
 * Every JPEG frame's header and end, checked before FFmpeg sees the folder. FFmpeg reading a list of files cannot
 * name a bad file: a frame of another size makes it rebuild its filters and lose the good frame it held (the
 * failure then lands on the wrong file). So a frame of the wrong size or format, an empty, foreign or cut-off file
 * never reaches it: it is named here, before decoding starts. Each file is read whole once (into a reused buffer:
 * reused-read.ts), and that read is also the one its evidence hash is taken from (reading the head and tail here
 * and the whole file again for the hash cost a second open, stat and read per frame: ~0.4 ms of CPU each).
 * Files are read synchronously, in slices of a few milliseconds between turns of the event loop: progress,
 * cancelling and the desktop app's other requests go on while a long folder is scanned.
 */
import type { EvidenceFile } from '../../domain/race/evidence.js';
import { sha256Bytes } from '../../store/sha256.js';
import { eventLoopSlices, throwIfAborted } from '../concurrency.js';
import type { PixelFormat } from '../pixels.js';
import { readImageHeader } from './image-header.js';
import { ReusedReads } from './reused-read.js';

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

/** One frame's problem (or null) and its evidence record, from a single read of the whole file. */
export interface ScannedFrame {
  problem: string | null;
  /** Null where the file could not be read at all. */
  evidence: EvidenceFile | null;
}

function scanOne(file: string, want: JpegExpectation, reads: ReusedReads): ScannedFrame {
  try {
    // The one read serves the checks and the evidence hash: each frame is opened once here (and once by FFmpeg).
    return reads.withFileSync(file, (buf) => ({
      problem: jpegProblem(file, buf.length, buf, buf.subarray(Math.max(0, buf.length - 64)), want),
      evidence: { path: file, bytes: buf.length, sha256: sha256Bytes(buf) },
    }));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { problem: `${file}: ${code === 'ENOENT' ? 'missing (was it moved during the build?)' : 'cannot be read'}`, evidence: null };
  }
}

/** Every frame's problem (null where it is fine) and evidence record, in frame order. */
export async function scanJpegFrames(files: readonly string[], want: JpegExpectation, signal?: AbortSignal): Promise<ScannedFrame[]> {
  const scanned: ScannedFrame[] = [];
  const reads = new ReusedReads();
  const slice = eventLoopSlices();
  for (const file of files) {
    await slice();
    throwIfAborted(signal);
    scanned.push(scanOne(file, want, reads));
  }
  return scanned;
}
