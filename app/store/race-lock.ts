/**
 * One writer per race folder at a time, within this process (a promise queue per folder) and across processes
 * and stations (an exclusive `race.lock` file saying who writes: user name, host and pid). A lock left by a process
 * of this host that no longer runs (killed mid-save) is stale and taken over; one of another host (a second
 * station on a network share, whose pid cannot be checked from here) only once it is far older than any save. A
 * live holder makes the caller wait, then fail with a message naming the holder.
 */
import { open, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isErrnoLike, isUnwritable } from '../domain/system-errors.js';
import { UserError } from '../domain/errors.js';

const LOCK_NAME = 'race.lock';
/** A save holds the lock for milliseconds; another station's lock this old was left by a crash. */
const REMOTE_STALE_MS = 60_000;

/** Who holds a race's lock, as written in `race.lock`. */
export interface LockHolder {
  pid: number;
  host: string;
  name: string;
  since: string;
}

function userName(): string {
  try {
    return os.userInfo().username || 'unknown';
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown'; // no passwd entry (containers)
  }
}

function thisHolder(): LockHolder {
  return { pid: process.pid, host: os.hostname(), name: userName(), since: new Date().toISOString() };
}

/** The holder a lock file names: JSON, or (locks of earlier versions) the bare pid of this host's writer. */
export function parseLockHolder(content: string): LockHolder | null {
  if (/^\s*\d+\s*$/.test(content)) return { pid: Number.parseInt(content, 10), host: os.hostname(), name: '', since: '' };
  try {
    const h = JSON.parse(content) as Partial<LockHolder>;
    if (typeof h.pid === 'number' && Number.isInteger(h.pid) && h.pid > 0 && typeof h.host === 'string') {
      return { pid: h.pid, host: h.host, name: typeof h.name === 'string' ? h.name : '', since: typeof h.since === 'string' ? h.since : '' };
    }
  } catch {
    // half-written this instant, or not a lock: treated as pid-less below
  }
  return null;
}

/** "A. Judge on station-2 (pid 4242)". */
export function describeHolder(h: LockHolder): string {
  return `${h.name ? `${h.name} on ` : ''}${h.host} (pid ${h.pid})`;
}

/** The folder cannot be written (archive, read-only media): the race can be read and verified, not changed. */
export class ReadOnlyRaceError extends UserError {
  constructor(dir: string, cause?: unknown) {
    const full = isErrnoLike(cause) && (cause.code === 'ENOSPC' || cause.code === 'EDQUOT');
    super(
      full
        ? `${dir}: the disk is full; nothing was saved (the race can be viewed and verified; free some space to save changes)`
        : `${dir}: the race folder is read-only; it can be viewed and verified but changes cannot be saved`,
      full ? 'USER_ERROR' : 'FORBIDDEN',
    );
  }
}
const queues = new Map<string, Promise<unknown>>();

/** Runs `fn` holding the folder's write lock. */
export async function withRaceLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const key = path.resolve(dir);
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(async () => {
    const release = await acquireFileLock(key);
    try {
      return await fn();
    } finally {
      await release();
    }
  });
  queues.set(key, run);
  try {
    return await run;
  } finally {
    if (queues.get(key) === run) queues.delete(key);
  }
}

async function acquireFileLock(dir: string, timeoutMs = 5000): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_NAME);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(file, 'wx', 0o644);
      try {
        await handle.writeFile(JSON.stringify(thisHolder()));
      } catch (err) {
        // A full disk: the lock was created but holds no pid. Leave nothing behind.
        await handle.close().catch(() => undefined);
        await rm(file, { force: true });
        throw err;
      }
      await handle.close();
      return async () => {
        await rm(file, { force: true });
      };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (isUnwritable(err)) throw new ReadOnlyRaceError(dir, err);
      if (code !== 'EEXIST') throw err;
    }
    let content: string;
    try {
      content = await readFile(file, 'utf8');
    } catch (err) {
      // Released between our attempt and this read: try again at once. (Treating a vanished lock as stale and
      // removing "it" would delete the next writer's fresh lock: two writers, two entries with one sequence number.)
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const holder = parseLockHolder(content);
    const local = holder !== null && holder.host === os.hostname();
    // A pid-less lock is either being written this instant or was left by a writer killed in between: wait a little.
    const abandoned =
      holder === null ? await olderThan(file, 2000) : local ? !isProcessAlive(holder.pid) || holder.pid === process.pid : await olderThan(file, REMOTE_STALE_MS);
    if (abandoned) {
      await removeIfUnchanged(file, content);
      continue;
    }
    if (Date.now() > deadline) {
      throw new UserError(`${dir}: the race is being changed by another Photofinish process${holder ? `, ${describeHolder(holder)}` : ''}; try again`, 'CONFLICT');
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** True while a process with this pid runs on this machine (EPERM: it runs, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function olderThan(file: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs > ms;
  } catch {
    return false; // gone: the caller retries and finds out
  }
}

/** Takes over a stale lock only if it is still the one judged stale (not a lock another writer just made). */
async function removeIfUnchanged(file: string, judged: string): Promise<void> {
  const now = await readFile(file, 'utf8').catch(() => null);
  if (now === judged) await rm(file, { force: true });
}
