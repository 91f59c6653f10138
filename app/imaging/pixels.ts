/** Pixel formats the engine keeps: 8-bit or 16-bit, grey or RGB. 16-bit samples live in native-order Uint16Arrays. */
import type { Metadata, Sharp } from 'sharp';

export type Depth = 8 | 16;
export type Channels = 1 | 3;
export type Samples = Uint8Array | Uint16Array;

export interface PixelFormat {
  depth: Depth;
  channels: Channels;
}

export function allocSamples(format: PixelFormat, count: number): Samples {
  return format.depth === 16 ? new Uint16Array(count) : new Uint8Array(count);
}

/** Views a raw buffer from sharp (or a file) as samples without copying. */
export function samplesOf(buf: Buffer | Uint8Array, depth: Depth): Samples {
  if (depth === 8) return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.byteOffset % 2 === 0) return new Uint16Array(buf.buffer, buf.byteOffset, buf.byteLength >> 1);
  const copy = new Uint8Array(buf.byteLength);
  copy.set(buf);
  return new Uint16Array(copy.buffer);
}

export function describeFormat(f: PixelFormat): string {
  return `${f.depth}-bit ${f.channels === 1 ? 'grey' : 'RGB'}`;
}

/** What the engine keeps of an image with sharp's metadata: 16-bit stays 16-bit, alpha is dropped. */
export function formatFromMetadata(meta: Metadata): PixelFormat {
  const sixteen = meta.depth === 'ushort' || meta.depth === 'short' || meta.depth === 'uint' || (meta.bitsPerSample ?? 8) > 8;
  const grey = meta.space === 'b-w' || meta.space === 'grey16' || meta.channels === 1 || (meta.channels === 2 && meta.hasAlpha === true);
  return { depth: sixteen ? 16 : 8, channels: grey ? 1 : 3 };
}

/** Ends a sharp pipeline with raw samples in exactly `format` (no resampling; a colourspace cast only). */
export function toRaw(img: Sharp, format: PixelFormat): Sharp {
  const space = format.channels === 1 ? (format.depth === 16 ? 'grey16' : 'b-w') : format.depth === 16 ? 'rgb16' : 'srgb';
  return img
    .removeAlpha()
    .toColourspace(space)
    .raw(format.depth === 16 ? { depth: 'ushort' } : {});
}

/** Copies a rectangle out of an interleaved image. */
export function cropSamples(img: { pixels: Samples; width: number }, channels: number, left: number, top: number, width: number, height: number): Samples {
  const out = img.pixels instanceof Uint16Array ? new Uint16Array(width * height * channels) : new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * img.width + left) * channels;
    out.set(img.pixels.subarray(from, from + width * channels), y * width * channels);
  }
  return out;
}
