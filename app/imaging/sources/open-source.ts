/** Opens whatever the official pointed at: a folder of frames, a video, an animated GIF or a line-scan image. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { FRAME_EXTENSIONS, listFrameFiles } from './frame-files.js';
import type { FrameSource } from './source.js';
import { openVideo, VIDEO_EXTENSIONS } from './video.js';

export type SourceShape = 'folder' | 'video' | 'gif' | 'image';

/** What kind of source a path is, from the file system and the extension (contents are checked on open). */
export async function sourceShape(source: string): Promise<SourceShape> {
  let st;
  try {
    st = await stat(source);
  } catch {
    throw new UserError(`${source}: not found`, 'NOT_FOUND');
  }
  if (st.isDirectory()) return 'folder';
  // A FIFO or a device (/dev/zero) never ends: no decoder is pointed at one.
  if (!st.isFile()) throw new UserError(`${source}: is not a regular file (a device, a FIFO or a socket); a source is a folder of frames, a video or an image`, 'INVALID_ARGUMENT');
  const ext = path.extname(source).toLowerCase();
  if (ext === '.gif') return 'gif';
  if (VIDEO_EXTENSIONS.has(ext)) return 'video';
  if (FRAME_EXTENSIONS.has(ext)) return 'image';
  throw new UserError(
    `${source}: unsupported file type (a source is a folder of frames, a video such as .mp4/.mov/.avi/.mkv, an animated .gif, or a line-scan image)`,
    'INVALID_ARGUMENT',
  );
}

export interface OpenOptions {
  /** Frame order for a folder (from a timestamps file); natural file-name order otherwise. */
  order?: string[];
  skipBad?: boolean;
}

export async function openSource(source: string, options: OpenOptions = {}): Promise<FrameSource> {
  const shape = await sourceShape(source);
  switch (shape) {
    // The sharp-based sources are loaded when needed: a video build does not load sharp at all.
    case 'folder':
      return (await import('./frame-folder.js')).openFrameFolder(source, options);
    case 'video':
      return openVideo(source);
    case 'gif':
      return (await import('./gif.js')).openGif(source, options);
    case 'image':
      return (await import('./linescan.js')).openLineScan(source);
  }
}

export { listFrameFiles };
