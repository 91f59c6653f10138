/** Raw samples → PNG data URL for the set-up view and the inspector (16-bit grey stays 16-bit). */
import sharp from 'sharp';
import type { PixelFormat, Samples } from './pixels.js';

export async function samplesToPngDataUrl(pixels: Samples, width: number, height: number, format: PixelFormat): Promise<string> {
  // sharp takes the sample depth of raw input from the array type (Uint16Array → 16-bit).
  let img = sharp(pixels, { raw: { width, height, channels: format.channels } });
  if (format.depth === 16) img = img.toColourspace(format.channels === 1 ? 'grey16' : 'rgb16');
  else if (format.channels === 1) img = img.toColourspace('b-w');
  const png = await img.png({ compressionLevel: 2 }).toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
