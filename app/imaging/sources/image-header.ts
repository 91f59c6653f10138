/**
 * Size and sample format straight from a JPEG or PNG header, so the per-frame check (same size, same format as the
 * first frame) costs microseconds instead of a second image load in sharp. Anything unusual (CMYK or 12-bit JPEG,
 * other formats) returns null and the caller asks sharp.
 */
import type { PixelFormat } from '../pixels.js';

export interface HeaderInfo {
  width: number;
  height: number;
  format: PixelFormat;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngHeader(b: Uint8Array): HeaderInfo | null {
  if (b.length < 33 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (dv.getUint32(12) !== 0x49484452) return null; // IHDR
  const bitDepth = b[24] as number;
  const colourType = b[25] as number;
  const grey = colourType === 0 || colourType === 4;
  if (![0, 2, 3, 4, 6].includes(colourType)) return null;
  return { width: dv.getUint32(16), height: dv.getUint32(20), format: { depth: bitDepth === 16 ? 16 : 8, channels: grey ? 1 : 3 } };
}

function jpegHeader(b: Uint8Array): HeaderInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = ((b[i + 2] as number) << 8) | (b[i + 3] as number);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 10 > b.length) return null;
      const precision = b[i + 4] as number;
      const height = ((b[i + 5] as number) << 8) | (b[i + 6] as number);
      const width = ((b[i + 7] as number) << 8) | (b[i + 8] as number);
      const components = b[i + 9] as number;
      if (precision !== 8 || (components !== 1 && components !== 3) || height === 0) return null;
      return { width, height, format: { depth: 8, channels: components === 1 ? 1 : 3 } };
    }
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + len;
  }
  return null;
}

export function readImageHeader(b: Uint8Array): HeaderInfo | null {
  return pngHeader(b) ?? jpegHeader(b);
}
