/**
 * Reading part of a composite quickly: from the tile pyramid, decoding only the tiles that cover the columns asked
 * for (a 2048-column region is 4–5 tiles, milliseconds), instead of the whole composite PNG (seconds when wide).
 * For exports and detection; the viewer reads the same tiles through the app's protocol.
 */
import path from 'node:path';
import sharp from 'sharp';
import { UserError } from '../domain/errors.js';
import { tilePath, type EvidenceManifest } from '../domain/race/evidence.js';
import { allocSamples, samplesOf, type PixelFormat, type Samples } from './pixels.js';

export interface CompositeRegion {
  /** Row-major, interleaved samples (Uint16Array for 16-bit evidence). */
  pixels: Samples;
  /** First column, in the level's own columns. */
  left: number;
  width: number;
  height: number;
  level: number;
  format: PixelFormat;
}

/**
 * Columns [left, left + width) of pyramid `level` (level 0 = full resolution; at level L one column stands for
 * 2^L composite columns). The range is clipped to the composite.
 */
export async function readCompositeRegion(racePath: string, manifest: EvidenceManifest, left: number, width: number, level = 0): Promise<CompositeRegion> {
  const info = manifest.tiles.levels.find((l) => l.level === level);
  if (!info) throw new UserError(`${racePath}: the tile pyramid has no level ${level} (levels 0–${manifest.tiles.levels.length - 1})`, 'INVALID_ARGUMENT');
  const format: PixelFormat = { depth: manifest.source.bitDepth, channels: manifest.source.channels === 1 ? 1 : 3 };
  const x0 = Math.max(0, Math.floor(left));
  const x1 = Math.min(info.columns, Math.floor(left + width));
  const w = Math.max(0, x1 - x0);
  const ch = format.channels;
  const out = allocSamples(format, w * info.rows * ch);
  const tw = manifest.tiles.tileWidth;
  const first = Math.floor(x0 / tw);
  const last = Math.floor((x1 - 1) / tw);
  await Promise.all(
    Array.from({ length: w > 0 ? last - first + 1 : 0 }, async (_, k) => {
      const t = first + k;
      const file = path.join(racePath, tilePath(level, t));
      const img = sharp(file).toColourspace(ch === 1 ? (format.depth === 16 ? 'grey16' : 'b-w') : format.depth === 16 ? 'rgb16' : 'srgb');
      const { data, info: ti } = await img.raw(format.depth === 16 ? { depth: 'ushort' } : {}).toBuffer({ resolveWithObject: true }).catch(() => {
        throw new UserError(`${file}: tile missing or unreadable`, 'NOT_FOUND');
      });
      const tile = samplesOf(data, format.depth);
      const tileLeft = t * tw;
      const from = Math.max(x0, tileLeft);
      const to = Math.min(x1, tileLeft + ti.width);
      for (let r = 0; r < info.rows; r++) {
        const src = (r * ti.width + (from - tileLeft)) * ch;
        out.set(tile.subarray(src, src + (to - from) * ch), (r * w + (from - x0)) * ch);
      }
    }),
  );
  return { pixels: out, left: x0, width: w, height: info.rows, level, format };
}
