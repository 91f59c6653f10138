/**
 * Only a regular file is read as footage, audio, a start list, a log or a manifest entry: a FIFO never ends (or
 * blocks the reader), `/dev/zero` is endless and `/dev/random` too, and a socket or a folder is no file at all. A
 * symlink to a regular file is fine (it is followed). Checked before anything opens the path.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { UserError } from '../domain/errors.js';

/** The file's stats; a one-line UserError naming `file` when it is missing or not a regular file. */
export async function requireRegularFile(file: string): Promise<Stats> {
  const st = await stat(file).catch(() => null);
  if (!st) throw new UserError(`${file}: not found`, 'NOT_FOUND');
  if (st.isDirectory()) throw new UserError(`${file}: is a folder where a file was expected`, 'INVALID_ARGUMENT');
  if (!st.isFile()) throw new UserError(`${file}: is not a regular file (a device, a FIFO or a socket); it is not read`, 'INVALID_ARGUMENT');
  return st;
}
