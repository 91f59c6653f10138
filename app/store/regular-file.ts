/**
 * Only a regular file is read as footage, audio, a start list, a log or a manifest entry: a FIFO never ends (or
 * blocks the reader), `/dev/zero` is endless and `/dev/random` too, and a socket or a folder is no file at all. A
 * symlink to a regular file is fine (it is followed). Checked before anything opens the path.
 */
import type { Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { UserError } from '../domain/errors.js';

/** The file's stats; a one-line UserError naming `file` when it is missing or not a regular file. */
export async function requireRegularFile(file: string): Promise<Stats> {
  const st = await stat(file).catch(() => null);
  if (!st) throw new UserError(`${file}: not found`, 'NOT_FOUND');
  if (st.isDirectory()) throw new UserError(`${file}: is a folder where a file was expected`, 'INVALID_ARGUMENT');
  if (!st.isFile()) throw new UserError(`${file}: is not a regular file (a device, a FIFO or a socket); it is not read`, 'INVALID_ARGUMENT');
  return st;
}

/**
 * The bytes of a regular file no larger than `maxBytes` (`what` names it in the message when it is larger: "the
 * audit log"). A missing file rejects with the system's own error (ENOENT), so callers keep their own wording for it.
 */
export async function readBoundedFile(file: string, maxBytes: number, what: string, whenFolder?: { consequence: string; code: 'CONFLICT' }): Promise<Buffer> {
  const st = await stat(file);
  if (st.isDirectory()) throw new UserError(`${file}: ${what} is a folder, not a file${whenFolder ? `; ${whenFolder.consequence}` : ''}`, whenFolder?.code ?? 'INVALID_ARGUMENT');
  if (!st.isFile()) throw new UserError(`${file}: ${what} is not a regular file (a device, a FIFO or a socket); it is not read`, 'INVALID_ARGUMENT');
  if (st.size > maxBytes) throw new UserError(`${file}: ${what} is ${st.size} bytes, more than the ${maxBytes} bytes it may hold; it is not read`, 'INVALID_ARGUMENT');
  const h = await open(file, 'r');
  try {
    // What the file held when it was looked at: a file growing meanwhile is read to that size, never past the limit.
    const buf = Buffer.alloc(st.size);
    let at = 0;
    while (at < buf.length) {
      const { bytesRead } = await h.read(buf, at, buf.length - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return buf.subarray(0, at);
  } finally {
    await h.close();
  }
}
