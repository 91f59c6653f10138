/**
 * Path containment for everything a protocol handler or the HTTP bridge serves from disk. A request names a path
 * relative to a root; it is URL-decoded once, refused if it is absolute, has a drive letter, a `//host` form, a NUL,
 * a backslash or any `..` segment, then resolved and realpath'd (so a symlink pointing outside the root is refused
 * too) and checked to lie inside the realpath'd root.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';

export class ContainmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContainmentError';
  }
}

/** Returns the real absolute path of `requested` (URL-encoded, relative) inside `root`, or throws ContainmentError. */
export async function resolveContained(root: string, requested: string): Promise<string> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requested);
  } catch {
    throw new ContainmentError('malformed escape in path');
  }
  if (decoded.includes('\0')) throw new ContainmentError('NUL in path');
  if (decoded.includes('\\')) throw new ContainmentError('backslash in path');
  if (/^[a-zA-Z]:/.test(decoded)) throw new ContainmentError('drive letter in path');
  if (decoded.startsWith('/') || decoded.startsWith('//')) throw new ContainmentError('absolute path');
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) throw new ContainmentError('dot segment in path');
  if (segments.some((s) => s === '')) throw new ContainmentError('empty segment in path');

  const realRoot = await realpath(root);
  const candidate = path.resolve(realRoot, ...segments);
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    throw new ContainmentError('not found');
  }
  const rel = path.relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new ContainmentError('outside the root');
  return real;
}
