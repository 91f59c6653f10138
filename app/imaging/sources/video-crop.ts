/**
 * What ffmpeg hands the build for each video frame: only the finish line's pixels, converted to RGB exactly as the
 * whole frame would be, at the lowest cost per frame.
 *
 * ffmpeg's crop on subsampled (4:2:0) frames wants even offsets and sizes, and chroma upsampling may look at
 * neighbouring pixels: crop an even box with a margin, convert to RGB, then take the line's pixels. The margin makes
 * the line's pixels identical to converting the whole frame (what the inspector shows).
 *
 * Converting a small box still costs ffmpeg a fixed ~50–100 µs per frame in its (single) filter thread, which
 * showed as 12 % of a 1280×720 H.264 decode. So several frames' boxes are laid side by side (or stacked) into one
 * picture with the `tile` filter and converted at once; then each frame's region is cropped out of the converted
 * picture and the regions are stacked, so only the line's pixels cross the pipe (the margins were 18× the data and
 * a quarter of Node's CPU at 1080 rows). The margin that keeps the crop's edges from reaching the line also keeps
 * the neighbouring frames from reaching it, so the pixels are the same as frame by frame (checked byte for byte on
 * 4:2:0, 4:2:2 and 10-bit video). Where the box had to be clamped at the frame's edge in the tiling direction there
 * is no such margin, and frames are converted one by one.
 */
import type { Region } from '../../domain/line/finish-line.js';

const CHROMA_MARGIN = 8;
/** Aim for tiled pictures of about this many pixels (fixed cost amortised, a few MB of RGB at most). */
const PICTURE_TARGET_PIXELS = 1 << 18;
/** At most this many frames per picture (the build holds one picture back until the frame count is known). */
const MAX_FRAMES_PER_PICTURE = 64;

/** The even, margined box ffmpeg crops before converting, and the region's offset inside it. */
export interface ChromaBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Region's offset in the box. */
  dx: number;
  dy: number;
  /** The box keeps the full margin on both sides, horizontally / vertically (not clamped at the frame's edge). */
  marginX: boolean;
  marginY: boolean;
}

export function chromaBox(width: number, height: number, r: Region): ChromaBox {
  const even = (v: number) => v - (v % 2);
  const left = r.left - CHROMA_MARGIN;
  const top = r.top - CHROMA_MARGIN;
  const right = even(r.left + r.width + CHROMA_MARGIN + 1);
  const bottom = even(r.top + r.height + CHROMA_MARGIN + 1);
  const x0 = Math.max(0, even(left));
  const y0 = Math.max(0, even(top));
  const x1 = Math.min(width, right);
  const y1 = Math.min(height, bottom);
  return {
    x: x0,
    y: y0,
    width: x1 - x0,
    height: y1 - y0,
    dx: r.left - x0,
    dy: r.top - y0,
    marginX: left >= 0 && right <= width,
    marginY: top >= 0 && bottom <= height,
  };
}

/** One frame at a time: crop the box, convert to RGB, crop the region exactly. */
export function cropFilter(width: number, height: number, r: Region): string {
  const b = chromaBox(width, height, r);
  return `crop=${b.width}:${b.height}:${b.x}:${b.y},format=rgb24,crop=${r.width}:${r.height}:${b.dx}:${b.dy}`;
}

/** How frames are packed into the pictures ffmpeg writes to the pipe. */
export interface PicturePlan {
  box: ChromaBox;
  region: Region;
  /** Frames per picture, side by side (`across`) or stacked (`down`); 1×1 is a picture of the region alone. */
  across: number;
  down: number;
  /** Picture size in pixels. */
  width: number;
  height: number;
}

export function picturePlan(width: number, height: number, r: Region): PicturePlan {
  const box = chromaBox(width, height, r);
  const n = Math.max(1, Math.min(MAX_FRAMES_PER_PICTURE, Math.floor(PICTURE_TARGET_PIXELS / (box.width * box.height))));
  // Tile along the box's short side (a column's boxes side by side, a horizontal line's stacked).
  const sideBySide = box.width <= box.height;
  if (n > 1 && sideBySide && box.marginX) return { box, region: r, across: n, down: 1, width: n * box.width, height: box.height };
  if (n > 1 && !sideBySide && box.marginY) return { box, region: r, across: 1, down: n, width: box.width, height: n * box.height };
  return { box, region: r, across: 1, down: 1, width: r.width, height: r.height };
}

export function framesPerPicture(p: PicturePlan): number {
  return p.across * p.down;
}

/**
 * The filter graph after which `showinfo` (each frame's timestamp) is inserted: crop, then either convert and crop
 * exactly (one frame per picture) or tile and convert, then cut every frame's region out of the converted picture
 * and stack the regions, so each frame's region arrives whole and in order (no more bytes cross the pipe than the
 * line's own pixels: the margins stay in ffmpeg).
 */
export function pictureFilters(p: PicturePlan, frameWidth: number, frameHeight: number): { perFrame: string; perPicture: string } {
  const { box, region } = p;
  const n = framesPerPicture(p);
  if (n === 1) return { perFrame: cropFilter(frameWidth, frameHeight, region), perPicture: '' };
  const slots = Array.from({ length: n }, (_, s) => s);
  const cuts = slots.map((s) => {
    const x = (s % p.across) * box.width + box.dx;
    const y = Math.floor(s / p.across) * box.height + box.dy;
    return `[t${s}]crop=${region.width}:${region.height}:${x}:${y}[r${s}]`;
  });
  return {
    perFrame: `crop=${box.width}:${box.height}:${box.x}:${box.y}`,
    perPicture: `tile=${p.across}x${p.down},format=rgb24,split=${n}${slots.map((s) => `[t${s}]`).join('')};${cuts.join(';')};${slots.map((s) => `[r${s}]`).join('')}vstack=inputs=${n}`,
  };
}

/** Bytes of one picture on the pipe: the frames' regions, one after another (RGB, row-major). */
export function pictureBytes(p: PicturePlan): number {
  return framesPerPicture(p) * p.region.width * p.region.height * 3;
}
