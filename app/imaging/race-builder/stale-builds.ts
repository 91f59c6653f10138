/**
 * Temporary build folders (`.NAME.building-XXXXXX`) that a killed build left behind. Each build writes who owns
 * its folder (pid, host, start) into it at once; the next build to the same place removes the folders whose
 * owner is gone: a process that no longer runs on this host, a marker-less folder older than a few minutes (killed
 * before it could write one), or one from another host older than a day. A build in progress is never touched.
 */
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../store/race-lock.js';

const OWNER_FILE = '.build-owner.json';
/** A folder without an owner is at most this old while its build is starting. */
const UNOWNED_GRACE_MS = 10 * 60_000;
/** A build from another host (a shared folder) that is this old is not running any more. */
const OTHER_HOST_MS = 24 * 3_600_000;

interface Owner {
  pid: number;
  host: string;
  startedAt: string;
}

export const buildFolderPrefix = (out: string): string => `.${path.basename(out)}.building-`;

export async function claimBuildFolder(temp: string): Promise<void> {
  const owner: Owner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  // Written whole, then renamed: a build killed in between leaves no half-written owner (it counts as unowned).
  await writeFile(path.join(temp, `${OWNER_FILE}.tmp`), JSON.stringify(owner));
  await rename(path.join(temp, `${OWNER_FILE}.tmp`), path.join(temp, OWNER_FILE));
}

/** The marker goes before the folder becomes the race: it is not part of the race. */
export async function releaseBuildFolder(temp: string): Promise<void> {
  await rm(path.join(temp, OWNER_FILE), { force: true });
}

async function isStale(folder: string, now: number): Promise<boolean> {
  const owner = await readFile(path.join(folder, OWNER_FILE), 'utf8').then(
    (text) => JSON.parse(text) as Owner,
    () => null,
  );
  const age = now - (await stat(folder)).mtimeMs;
  if (!owner || !Number.isInteger(owner.pid)) return age > UNOWNED_GRACE_MS;
  if (owner.host !== os.hostname()) return now - Date.parse(owner.startedAt) > OTHER_HOST_MS;
  return owner.pid !== process.pid && !isProcessAlive(owner.pid);
}

/** Removes the abandoned build folders of `out`; returns their names. Problems are skipped, never fatal. */
export async function removeStaleBuildFolders(out: string): Promise<string[]> {
  const parent = path.dirname(out);
  const prefix = buildFolderPrefix(out);
  const names = (await readdir(parent).catch(() => [] as string[])).filter((n) => n.startsWith(prefix));
  const removed: string[] = [];
  const now = Date.now();
  for (const name of names) {
    const folder = path.join(parent, name);
    try {
      if (!(await isStale(folder, now))) continue;
      await rm(folder, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}
