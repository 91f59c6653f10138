/**
 * Size limits. One frame over FRAME_PIXEL_LIMIT is refused before decoding (a decompression bomb, or a wrong file);
 * a native line-scan image is decoded whole, so its limit keeps the build's memory bounded.
 */
export const FRAME_PIXEL_LIMIT = 100_000_000;
export const LINESCAN_PIXEL_LIMIT = 150_000_000;
export const GIF_PIXEL_LIMIT = 150_000_000;
/** Decodes in flight for frame folders: enough to keep both libuv threads and the disk busy. */
export const DECODES_IN_FLIGHT = 8;
export const TILE_WIDTH = 512;

export function megapixels(px: number): string {
  return `${Math.round(px / 1e6)} megapixels`;
}
