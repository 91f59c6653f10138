/**
 * sharp settings for a build: every frame is a one-off small extraction, so libvips' operation cache only holds
 * memory, and with 8 decodes in flight on the libuv pool one libvips thread per image is enough (sharp already
 * picks 1 on glibc Linux; other platforms default to one per core, which oversubscribes the CPU). Measured on a
 * shared 2-core machine the difference was within noise (decode dominates: ~2.5 ms per 1280×720 JPEG); the point
 * is bounded memory and no oversubscription. The settings are global to sharp, so they apply while any build runs
 * and are restored when the last one ends.
 */
import { loadSharp } from './sharp-module.js';

type SharpModule = typeof import('sharp').default;
let active = 0;
let saved: { concurrency: number; cache: ReturnType<SharpModule['cache']> } | null = null;

/** Runs a build that decodes with sharp with these settings (a video's or FFmpeg's build never loads sharp). */
export async function withBuildTuning<T>(fn: () => Promise<T>): Promise<T> {
  const sharp = await loadSharp();
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
