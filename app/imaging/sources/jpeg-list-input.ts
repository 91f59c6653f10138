/**
 * A list of JPEG files as one FFmpeg input, frame k of the list with timestamp k seconds (time base 1/1).
 *
 * The image2 demuxer over numbered links to the files, not the concat demuxer over the files themselves: concat
 * opens every file as an input of its own (probe, stream-info, a demuxer and a decoder set up per file), which cost
 * 40 % more CPU than decoding the same 500 noisy 720p JPEGs through image2 (4.0 vs 2.85 CPU-s, measured with FFmpeg
 * 5.1): that set-up, not the decode, was what the build spent above FFmpeg's own slit pass. Both demuxers hand the
 * decoder each file's bytes unchanged, so the pixels are the same. Where links cannot be made (Windows without the
 * right to create symbolic links), the concat list is the fallback.
 */
import { symlinkSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eventLoopSlices } from '../concurrency.js';

const quote = (file: string) => `'${file.replace(/'/g, "'\\''")}'`;

/**
 * An FFmpeg concat list of these files, one frame each lasting one second, in order. A path with a `%` in it
 * would be read by the image demuxer as a numbered pattern ("100%d done/a.jpg": no such file): such a file is
 * opened as the one image it is (the per-file `option`, FFmpeg 5.0 on; only written where it is needed).
 */
export function ffconcatList(files: readonly string[]): string {
  const entry = (f: string) => [`file ${quote(f)}`, ...(f.includes('%') ? ['option pattern_type none'] : []), 'duration 1'];
  return ['ffconcat version 1.0', ...files.flatMap(entry)].join('\n') + '\n';
}

/** Digits of the links' numbers: the image2 demuxer reads the pattern `%08d.jpg` from 0 up. */
const DIGITS = 8;
/**
 * Links `files` in order as 00000000.jpg, 00000001.jpg, … in `folder`, one after another on this thread: 2000 links
 * made all at once through the thread pool cost 4-10× the kernel time (its four threads fight over the folder's
 * lock). The event loop turns between slices, as in the scan (jpeg-scan.ts): about 800 links a slice in a tmpfs, 30 on
 * ext4.
 */
async function linkInOrder(files: readonly string[], folder: string): Promise<void> {
  const slice = eventLoopSlices();
  for (let k = 0; k < files.length; k++) {
    await slice();
    symlinkSync(path.resolve(files[k] as string), path.join(folder, `${String(k).padStart(DIGITS, '0')}.jpg`));
  }
}

/**
 * Writes what FFmpeg needs to read `files` in order into the folder `scratch` (made here, best inside a folder from
 * link-scratch.ts; the caller removes it) and returns the input arguments, `-i` included.
 */
export async function jpegListInput(files: readonly string[], scratch: string): Promise<string[]> {
  await mkdir(scratch, { recursive: true });
  try {
    await linkInOrder(files, scratch);
    // `%` in the folder's own name would read as a pattern: doubled, it stands for itself.
    const pattern = path.join(scratch.replace(/%/g, '%%'), `%0${DIGITS}d.jpg`);
    return ['-f', 'image2', '-pattern_type', 'sequence', '-framerate', '1', '-start_number', '0', '-i', pattern];
  } catch {
    const list = path.join(scratch, 'frames.ffconcat');
    await writeFile(list, ffconcatList(files));
    return ['-f', 'concat', '-safe', '0', '-i', list];
  }
}
