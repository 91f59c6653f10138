/**
 * A native line-scan image (FinishLynx, Scan'O'Vision, a slit-scan): every column is already one line of the finish,
 * so it becomes the composite as it is; the official gives the line rate or a timestamp per column. The image is
 * decoded once (bounded by LINESCAN_PIXEL_LIMIT) and handed on column by column.
 */
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { sha256File } from '../../store/sha256.js';
import { LINESCAN_PIXEL_LIMIT } from '../limits.js';
import { describeFormat } from '../pixels.js';
import type { FrameSource } from './source.js';
import { decodeWholeImage } from './whole-image.js';

export async function openLineScan(file: string): Promise<FrameSource> {
  const img = await decodeWholeImage(file, LINESCAN_PIXEL_LIMIT, false);
  const { width, height, format } = img;
  const ch = format.channels;
  if (width < 2) throw new UserError(`${file}: a line-scan image needs at least two columns`, 'INVALID_ARGUMENT');
  return {
    kind: 'linescan',
    path: file,
    description: `line-scan image ${width} lines × ${height} px, ${describeFormat(format)}, ${path.basename(file)}`,
    width,
    height,
    format,
    frameCount: width,
    frameName: (i) => `${path.basename(file)} column ${i}`,
    ownTimes: null,
    isLineScan: true,
    async *readRegions(_region, opts) {
      for (let x = 0; x < width; x++) {
        if (opts.signal?.aborted) return;
        const col = format.depth === 16 ? new Uint16Array(height * ch) : new Uint8Array(height * ch);
        for (let y = 0; y < height; y++) {
          const from = (y * width + x) * ch;
          for (let c = 0; c < ch; c++) col[y * ch + c] = img.pixels[from + c] as number;
        }
        yield { index: x, pixels: col };
      }
    },
    async readFrame() {
      throw new UserError(`${file} is a native line-scan image: it has no source frames (each column is one line)`, 'INVALID_ARGUMENT');
    },
    async hashFiles(signal) {
      return [{ path: file, bytes: img.bytes, sha256: (await sha256File(file, signal)).sha256 }];
    },
    async close() {},
  };
}
