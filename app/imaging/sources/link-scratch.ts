/**
 * Where the numbered links of a JPEG list (jpeg-list-input.ts) are made: a private folder in memory where the
 * system has one, else in the temporary folder. Making a link is making an inode: 2000 links in an ext4 /tmp cost
 * 0.4-1.2 CPU-s of kernel time (a journal entry each, the inode bitmap searched past recently deleted inodes, and
 * the folder's lock fought over by the thread pool), against 7-17 ms in a tmpfs (measured on this project's CI
 * machine). So: the user's runtime folder ($XDG_RUNTIME_DIR, a per-user tmpfs on Linux desktops), then /dev/shm,
 * then os.tmpdir(). A memory folder must have room to spare (a container's /dev/shm can be 64 MB): links there
 * cost an inode each, a long target a page. The folder is mkdtemp's (mode 0700) and the caller removes it.
 */
import { constants } from 'node:fs';
import { access, mkdtemp, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The folders tried in turn, the fastest first; only where they exist and can be written. */
function candidates(): string[] {
  const memory = process.platform === 'linux' ? [process.env.XDG_RUNTIME_DIR, '/dev/shm'] : [];
  return [...memory.filter((d): d is string => Boolean(d) && path.isAbsolute(d as string)), os.tmpdir()];
}

/** Room a memory folder must have left: a long race's links (100,000 frames) with pages to spare. */
const ROOM_BYTES = 64 << 20;
const ROOM_INODES = 200_000;

async function hasRoom(place: string): Promise<boolean> {
  const fs = await statfs(place);
  // A file system that does not count inodes reports 0 of them.
  return fs.bavail * fs.bsize >= ROOM_BYTES && (fs.files === 0 || fs.ffree >= ROOM_INODES);
}

export async function makeLinkScratch(prefix: string): Promise<string> {
  const places = candidates();
  for (const place of places.slice(0, -1)) {
    try {
      await access(place, constants.W_OK | constants.X_OK);
      if (await hasRoom(place)) return await mkdtemp(path.join(place, prefix));
    } catch {
      // not there, full or not ours: the next place
    }
  }
  return mkdtemp(path.join(places[places.length - 1] as string, prefix));
}
