/**
 * ffmpeg's raw output cut into what it holds: pictures of a fixed size (video-crop.ts packs several frames' line
 * regions into one), and each picture's frame regions, one after another in it.
 */
import { samplesOf, type Samples } from '../pixels.js';

/**
 * Each picture assembled straight from the pipe's chunks into a buffer of its own (one copy, however many chunks
 * it spans). A partial picture at the end of the output is dropped.
 */
export async function* pictures(stdout: AsyncIterable<Buffer>, bytesPerPicture: number): AsyncGenerator<Buffer> {
  let picture: Buffer = Buffer.allocUnsafe(bytesPerPicture);
  let filled = 0;
  for await (const chunk of stdout) {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(chunk.length - at, bytesPerPicture - filled);
      chunk.copy(picture, filled, at, at + n);
      filled += n;
      at += n;
      if (filled < bytesPerPicture) break;
      const full = picture;
      picture = Buffer.allocUnsafe(bytesPerPicture);
      filled = 0;
      yield full;
    }
  }
}

/** The first `count` frame regions of a picture, as views into it. */
export function regionsOf(picture: Buffer, count: number, regionBytes: number): Samples[] {
  return Array.from({ length: count }, (_, s) => samplesOf(picture.subarray(s * regionBytes, (s + 1) * regionBytes), 8));
}
