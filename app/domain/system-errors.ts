/**
 * The one place a raw operating-system error (`ENOSPC: no space left on device, write`) becomes a line a person
 * can act on: the file or folder concerned, what is wrong, and what to do. Pure (errors are read by their `code`,
 * `path` and `syscall` fields), so every face and layer can use it. Callers that know better which file or folder
 * the user cares about (the race being built, not its hidden temporary folder) pass it as `subject`.
 */
import { UserError, type ApiErrorCode } from './errors.js';

export interface ErrnoLike {
  code: string;
  message: string;
  path?: string;
  syscall?: string;
}

export function isErrnoLike(err: unknown): err is ErrnoLike {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code);
}

const SYSTEM_ERRORS: Record<string, { problem: string; code: ApiErrorCode }> = {
  ENOSPC: { problem: 'the disk is full; free some space on it and try again', code: 'USER_ERROR' },
  EDQUOT: { problem: 'your disk quota is used up; free some space and try again', code: 'USER_ERROR' },
  EROFS: { problem: 'the disk is read-only; choose a folder on a writable disk', code: 'FORBIDDEN' },
  EACCES: { problem: 'permission denied; choose a folder you may write to, or ask for access', code: 'FORBIDDEN' },
  EPERM: { problem: 'the operation is not permitted here; choose another folder, or ask for access', code: 'FORBIDDEN' },
  EISDIR: { problem: 'is a folder where a file was expected', code: 'INVALID_ARGUMENT' },
  ENOTDIR: { problem: 'part of the path is a file, not a folder', code: 'INVALID_ARGUMENT' },
  ENOENT: { problem: 'not found', code: 'NOT_FOUND' },
  EEXIST: { problem: 'already exists', code: 'CONFLICT' },
  ENOTEMPTY: { problem: 'the folder is not empty', code: 'CONFLICT' },
  EIO: { problem: 'the disk reported a read or write error; check the disk, or copy the files to another one', code: 'USER_ERROR' },
  EMFILE: { problem: 'too many files are open; close other programs and try again', code: 'USER_ERROR' },
  ENFILE: { problem: 'too many files are open; close other programs and try again', code: 'USER_ERROR' },
  ENAMETOOLONG: { problem: 'the path is too long; choose a shorter name or folder', code: 'INVALID_ARGUMENT' },
  EBUSY: { problem: 'is in use by another program; close it and try again', code: 'CONFLICT' },
  ETXTBSY: { problem: 'is in use by another program; close it and try again', code: 'CONFLICT' },
  EXDEV: { problem: 'cannot be moved across disks; choose a folder on the same disk', code: 'USER_ERROR' },
};

/** True for the errors that mean "this disk cannot take a write now" (full, read-only, not ours). */
export function isUnwritable(err: unknown): boolean {
  return isErrnoLike(err) && ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM'].includes(err.code);
}

/** A short name of the condition, for sentences that go on ("could not be rewritten (disk full)"). */
export function systemErrorCondition(err: unknown): string {
  if (!isErrnoLike(err)) return 'unexpected error';
  const names: Record<string, string> = { ENOSPC: 'disk full', EDQUOT: 'disk quota used up', EROFS: 'read-only disk', EACCES: 'permission denied', EPERM: 'not permitted', EIO: 'disk error', EEXIST: 'a file is in the way', ENOTDIR: 'a file is in the way' };
  return names[err.code] ?? err.code;
}

/**
 * The UserError for a system error, naming `subject` (else the path the error carries; a temporary name made by
 * mkdtemp is replaced by its folder). Null for anything that is not a system error.
 */
export function systemErrorToUserError(err: unknown, subject?: string): UserError | null {
  if (!isErrnoLike(err)) return null;
  const known = SYSTEM_ERRORS[err.code];
  let where = subject ?? err.path;
  if (subject === undefined && where !== undefined && err.syscall === 'mkdtemp') where = where.replace(/[\\/][^\\/]*$/, '') || where;
  const problem = known?.problem ?? `the system refused the operation (${err.code})`;
  return new UserError(where ? `${where}: ${problem}` : problem.charAt(0).toUpperCase() + problem.slice(1), known?.code ?? 'USER_ERROR');
}
