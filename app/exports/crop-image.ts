/**
 * Cuts columns out of the composite for printing: every pixel kept (no resampling), mirrored when the race is
 * shown right-to-left, as 8-bit sRGB PNG so pdfkit and sharp compositing take it whatever the composite's depth.
 */
import sharp from 'sharp';

export interface CompositeSource {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Columns [start, end) of the composite. `maxWidth` is only for a crop too long to print at a point per column:
 * there the page cannot show every column anyway, and embedding them all would only make a huge file.
 */
export async function cropColumns(src: CompositeSource, start: number, end: number, mirror: boolean, maxWidth?: number): Promise<Buffer> {
  let img = sharp(src.data, { limitInputPixels: false }).extract({ left: start, top: 0, width: end - start, height: src.height });
  if (mirror) img = img.flop();
  if (maxWidth !== undefined && end - start > maxWidth) {
    img = sharp(await img.png({ compressionLevel: 0 }).toBuffer()).resize(Math.max(1, Math.round(maxWidth)), src.height, { fit: 'fill', kernel: 'lanczos3' });
  }
  return img.flatten({ background: '#ffffff' }).toColourspace('srgb').png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

/**
 * The rectangle [start, end) × [top, bottom) of the composite, each pixel repeated `repeatX` times across and
 * `repeatY` times down (nearest neighbour: whole copies of the pixel, nothing interpolated), so a viewer that
 * smooths what it enlarges cannot blur the enlargement.
 */
export async function cropRegion(
  src: CompositeSource,
  r: { start: number; end: number; top: number; bottom: number },
  mirror: boolean,
  repeatX: number,
  repeatY: number,
): Promise<Buffer> {
  const width = r.end - r.start;
  const height = r.bottom - r.top;
  let img = sharp(src.data, { limitInputPixels: false }).extract({ left: r.start, top: r.top, width, height });
  if (mirror) img = img.flop();
  const cut = await img.flatten({ background: '#ffffff' }).toColourspace('srgb').png({ compressionLevel: 0 }).toBuffer();
  return sharp(cut)
    .resize(width * repeatX, height * repeatY, { kernel: 'nearest', fit: 'fill' })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
