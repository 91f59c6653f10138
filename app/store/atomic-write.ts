/**
 * Durable file writes for everything officials rely on. A document is replaced by writing a temporary file in the
 * same folder, fsyncing it, renaming it over the target and fsyncing the folder, so a crash or `kill -9` at any
 * moment leaves either the old or the new file, never a torn one. Logs are appended and fsynced before the caller
 * goes on, so an entry that was reported written survives a power cut.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, readdir } from 'node:fs/promises';
import path from 'node:path';

const TEMP_SUFFIX = '.tmp';

/** Name of a temporary sibling of `file`; `.name.<random>.tmp` so leftovers are recognisable and never collide. */
function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
}

/** Replaces `file` atomically with `data` (temp file + fsync + rename + folder fsync). */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temp = tempNameFor(file);
  const handle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  await fsyncDir(path.dirname(file));
}

/** Appends `text` to `file` (created if absent) and fsyncs it before resolving. */
export async function appendDurable(file: string, text: string): Promise<void> {
  const handle = await open(file, 'a', 0o644);
  try {
    await handle.appendFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a new file that must not exist yet, durably (used for the first entry of a log). */
export async function writeFileDurableExclusive(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(file, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsyncDir(path.dirname(file));
}

/**
 * Makes a rename or a newly created file in `dir` durable. Some platforms (Windows) cannot open a folder for
 * fsync; there the rename is as durable as the OS makes it and we carry on.
 */
export async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported on this platform or file system.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Removes temporary files an interrupted atomic write left behind in `dir` for `baseName`. */
export async function removeStaleTemps(dir: string, baseName: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const prefix = `.${baseName}.`;
  const stale = names.filter((n) => n.startsWith(prefix) && n.endsWith(TEMP_SUFFIX));
  await Promise.all(stale.map((n) => rm(path.join(dir, n), { force: true })));
  return stale.length;
}
