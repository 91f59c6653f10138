/**
 * An animated GIF: sharp decodes every page (fully composed frames) and reports each frame's delay. Times are the
 * sum of the delays before a frame, in whole milliseconds, so they are exact. A delay of 10 ms or less is shown by
 * browsers as 100 ms (the GIF convention for "unset"); the same rule is applied here and said in the description.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import type { Ticks } from '../../domain/time/ticks.js';
import { NS_PER_MS } from '../../domain/time/ticks.js';
import { sha256File } from '../../store/sha256.js';
import { GIF_PIXEL_LIMIT } from '../limits.js';
import type { FrameSource } from './source.js';
import { cropSamples } from '../pixels.js';
import { decodeWholeImage } from './whole-image.js';

/** A GIF ends with its trailer byte (0x3B), perhaps padded after it; a copy cut off mid-transfer lacks it. */
async function endsWithTrailer(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(Math.min(size, 64));
    await handle.read(tail, 0, tail.length, size - tail.length);
    let end = tail.length;
    while (end > 1 && (tail[end - 1] === 0x00 || tail[end - 1] === 0x0a || tail[end - 1] === 0x0d)) end--;
    return end > 0 && tail[end - 1] === 0x3b;
  } finally {
    await handle.close();
  }
}

export async function openGif(file: string, options: { skipBad?: boolean } = {}): Promise<FrameSource> {
  const img = await decodeWholeImage(file, GIF_PIXEL_LIMIT, true);
  const decodedPages = img.meta.pages ?? 1;
  // A cut-off GIF decodes without a word: its last frame is filled in where its data stops, and the frames after it
  // are lost. Refused, naming the file; with skipBad the last frame read (perhaps incomplete) is left out as a gap.
  const cut = !(await endsWithTrailer(file));
  if (cut && !options.skipBad) {
    throw new UserError(
      `${file}: the GIF is cut short: it ends without its trailer, after ${decodedPages} frames (the last one perhaps incomplete, any after it lost)`,
      'INVALID_ARGUMENT',
      { hint: 'skip-bad-frames' },
    );
  }
  const pages = cut ? decodedPages - 1 : decodedPages;
  const pageHeight = img.meta.pageHeight ?? img.height;
  if (pages < 2) throw new UserError(`${file}: a GIF with a single frame is not footage (it needs at least two frames)`, 'INVALID_ARGUMENT');
  const delays = img.meta.delay ?? [];
  let fixed = 0;
  const times: Ticks[] = [];
  let t = 0n;
  for (let i = 0; i < decodedPages; i++) {
    times.push(t * NS_PER_MS);
    let d = delays[i] ?? 100;
    if (d <= 10) {
      d = 100;
      fixed++;
    }
    t += BigInt(d);
  }
  const channels = img.format.channels;
  const width = img.width;
  return {
    kind: 'gif',
    path: file,
    description: `animated GIF ${width}×${pageHeight} px, ${pages} frames, ${path.basename(file)}${fixed ? ` (${fixed} delays of ≤ 10 ms read as 100 ms)` : ''}`,
    width,
    height: pageHeight,
    format: img.format,
    frameCount: pages,
    frameName: (i) => `${path.basename(file)} frame ${i}`,
    ownTimes: { kind: 'gif-delays', times: times.slice(0, pages) },
    cutShort: () =>
      cut ? { missingNs: (times[pages] as Ticks) - (times[pages - 1] as Ticks), untilNs: times[pages] as Ticks, label: `${path.basename(file)}: cut short, its last frame perhaps incomplete and any after it lost` } : null,
    isLineScan: false,
    async *readRegions(region, opts) {
      for (let i = 0; i < pages; i++) {
        if (opts.signal?.aborted) return;
        yield { index: i, pixels: cropSamples(img, channels, region.left, i * pageHeight + region.top, region.width, region.height) };
      }
    },
    async readFrame(index) {
      if (index < 0 || index >= pages) throw new UserError(`frame ${index} is outside ${file} (${pages} frames)`, 'INVALID_ARGUMENT');
      return { pixels: cropSamples(img, channels, 0, index * pageHeight, width, pageHeight), width, height: pageHeight, format: img.format };
    },
    async hashFiles(signal) {
      return [{ path: file, bytes: img.bytes, sha256: (await sha256File(file, signal)).sha256 }];
    },
    async close() {},
  };
}
