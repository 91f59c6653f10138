/**
 * An animated GIF: sharp decodes every page (fully composed frames) and reports each frame's delay. Times are the
 * sum of the delays before a frame, in whole milliseconds, so they are exact. A delay of 10 ms or less is shown by
 * browsers as 100 ms (the GIF convention for "unset"); the same rule is applied here and said in the description.
 */
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import type { Ticks } from '../../domain/time/ticks.js';
import { NS_PER_MS } from '../../domain/time/ticks.js';
import { sha256File } from '../../store/sha256.js';
import { GIF_PIXEL_LIMIT } from '../limits.js';
import type { FrameSource } from './source.js';
import { cropSamples, decodeWholeImage } from './whole-image.js';

export async function openGif(file: string): Promise<FrameSource> {
  const img = await decodeWholeImage(file, GIF_PIXEL_LIMIT, true);
  const pages = img.meta.pages ?? 1;
  const pageHeight = img.meta.pageHeight ?? img.height;
  if (pages < 2) throw new UserError(`${file}: a GIF with a single frame is not footage (it needs at least two frames)`, 'INVALID_ARGUMENT');
  const delays = img.meta.delay ?? [];
  let fixed = 0;
  const times: Ticks[] = [];
  let t = 0n;
  for (let i = 0; i < pages; i++) {
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
    ownTimes: { kind: 'gif-delays', times },
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
