/**
 * Recently opened sources, so stepping through frames in the inspector does not re-probe a video (ffprobe lists
 * every packet) or re-decode a GIF for each frame. Entries expire after a minute, so changed footage is seen.
 */
import { openSource } from './sources/open-source.js';
import type { FrameSource } from './sources/source.js';

const TTL_MS = 60_000;
const MAX_ENTRIES = 3;
const cache = new Map<string, { at: number; source: Promise<FrameSource> }>();

export function openCachedSource(file: string): Promise<FrameSource> {
  const now = Date.now();
  const hit = cache.get(file);
  if (hit && now - hit.at < TTL_MS) return hit.source;
  const source = openSource(file);
  source.catch(() => cache.delete(file));
  cache.set(file, { at: now, source });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return source;
}
