/**
 * sharp settings for a build. Measured on 2 cores with 1280×720 JPEG frames: libvips' own threads per image
 * (concurrency = cores) and its operation cache cost more than they give when 8 small extractions run at once
 * (~380 → ~600 frames/s in-process); parallelism comes from the libuv pool instead. The settings are global to
 * sharp, so they apply while any build runs and are restored when the last one ends.
 */
import sharp from 'sharp';

let active = 0;
let saved: { concurrency: number; cache: ReturnType<typeof sharp.cache> } | null = null;

export async function withBuildTuning<T>(fn: () => Promise<T>): Promise<T> {
  if (active++ === 0) {
    saved = { concurrency: sharp.concurrency(), cache: sharp.cache() };
    sharp.concurrency(1);
    sharp.cache(false);
  }
  try {
    return await fn();
  } finally {
    if (--active === 0 && saved) {
      sharp.concurrency(saved.concurrency);
      sharp.cache({ memory: saved.cache.memory.max, files: saved.cache.files.max, items: saved.cache.items.max });
      saved = null;
    }
  }
}
