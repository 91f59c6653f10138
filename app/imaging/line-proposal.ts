/**
 * Reads the footage for the proposed finish line (domain/line/propose-line.ts): a dozen pairs of consecutive frames
 * spread over the recording, each scaled down to at most 192 px wide and made grey. A set-up aid, never evidence.
 */
import sharp from 'sharp';
import { proposeLine, type GreyFrame, type LineProposal } from '../domain/line/propose-line.js';
import { openCachedSource } from './source-cache.js';

const PAIRS = 12;
const WIDTH = 192;

export async function proposeLineForSource(file: string): Promise<LineProposal | null> {
  const source = await openCachedSource(file);
  if (source.isLineScan || source.frameCount < 2) return null;
  const grey = async (index: number): Promise<GreyFrame> => {
    const f = await source.readFrame(index);
    const channels = f.format.channels;
    const input = Buffer.from(f.pixels.buffer, f.pixels.byteOffset, f.pixels.byteLength);
    const { data, info } = await sharp(input, { raw: { width: f.width, height: f.height, channels, ...(f.format.depth === 16 ? { depth: 'ushort' as const } : {}) } })
      .resize({ width: Math.min(WIDTH, f.width), fit: 'fill', height: Math.max(2, Math.round((Math.min(WIDTH, f.width) / f.width) * f.height)) })
      .greyscale()
      .toColourspace('b-w')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
  };
  const pairs: [GreyFrame, GreyFrame][] = [];
  const n = Math.min(PAIRS, source.frameCount - 1);
  for (let k = 0; k < n; k++) {
    const i = Math.min(source.frameCount - 2, Math.round(((k + 0.5) * (source.frameCount - 1)) / n));
    pairs.push([await grey(i), await grey(i + 1)]);
  }
  return proposeLine(pairs, source.width, source.height);
}
