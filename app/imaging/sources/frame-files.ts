/**
 * Which files of a folder are frames. Apart from the decoders (frame-folder.ts) so that telling what a source is
 * does not load sharp: a video build never needs it, and loading it is ~60 ms of every video build's start.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { naturalSort } from '../natural-order.js';

export const FRAME_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.webp']);
/** Files that may sit beside frames (timestamps, notes) and are not frames. */
const SIDECAR_EXTENSIONS = new Set(['.csv', '.json', '.txt', '.md', '.log', '.xml', '.ini']);
/**
 * What operating systems leave in any folder they show: Windows' thumbnail caches and folder settings, macOS's
 * Finder data (`.DS_Store`, `._name` AppleDouble files, `Icon\r`). Never frames, never the official's files.
 */
const OS_FILES = new Set(['thumbs.db', 'ehthumbs.db', 'ehthumbs_vista.db', 'desktop.ini', 'icon\r']);
export const isOsFile = (name: string): boolean => name.startsWith('.') || OS_FILES.has(name.toLowerCase());

/** Lists the frame files of a folder in natural order; refuses an empty folder or an unsupported file. */
export async function listFrameFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const frames: string[] = [];
  for (const e of entries) {
    if (isOsFile(e.name) || !e.isFile()) continue;
    const ext = path.extname(e.name).toLowerCase();
    if (FRAME_EXTENSIONS.has(ext)) frames.push(e.name);
    else if (!SIDECAR_EXTENSIONS.has(ext)) {
      throw new UserError(`${path.join(folder, e.name)}: unsupported file type (frames must be JPEG, PNG, TIFF or WebP)`, 'INVALID_ARGUMENT');
    }
  }
  if (frames.length === 0) throw new UserError(`${folder}: no frames in the folder (JPEG, PNG, TIFF or WebP files)`, 'INVALID_ARGUMENT');
  return naturalSort(frames);
}
