/**
 * Path containment for everything a protocol handler or the HTTP bridge serves from disk. A request names a path
 * relative to a root; it is URL-decoded once, refused if it is absolute, has a drive letter, a `//host` form, a NUL,
 * a backslash, a colon, a control character or any `.`, `..` or empty segment, then resolved and realpath'd (so a
 * symlink pointing outside the root is refused too) and checked to lie inside the realpath'd root.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export class ContainmentError extends Error {
  /** True when the path was well-formed and inside the root but names nothing there (a plain 404). */
  readonly notFound: boolean;
  constructor(message: string, notFound = false) {
    super(message);
    this.name = 'ContainmentError';
    this.notFound = notFound;
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
  // ':' would reach Windows drive-relative forms and alternate data streams; no served file needs it.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0001-\u001f\u007f:]/.test(decoded)) throw new ContainmentError('control character or colon in path');
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
    throw new ContainmentError('not found', true);
  }
  const rel = path.relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new ContainmentError('outside the root');
  return real;
}

/** Like resolveContained, but only a regular file will do (a folder inside the root is "not found"). */
export async function resolveContainedFile(root: string, requested: string): Promise<{ file: string; size: number; mtimeMs: number }> {
  const file = await resolveContained(root, requested);
  const info = await stat(file);
  if (!info.isFile()) throw new ContainmentError('not a file', true);
  return { file, size: info.size, mtimeMs: info.mtimeMs };
}
