/**
 * Whether two paths name the same thing on disk. Strings are not enough: a symlink, `..` or a case-insensitive
 * volume (macOS, Windows, an exFAT card: `RACE.JSON` is `race.json`) all give one file several spellings. Two
 * paths are the same place when they are the same existing entry (device and inode), or when their real paths are
 * equal, case-folded where the volume ignores case (some file systems, exFAT through FUSE among them, give one file
 * a different inode for each spelling, so the inode alone does not settle it).
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

const caseInsensitiveVolumes = new Map<string, boolean>();
const platformDefault = () => process.platform === 'win32' || process.platform === 'darwin';

/** The real path of `p`; where it does not exist yet, the real path of its nearest existing ancestor plus the rest. */
export async function realPathOf(p: string): Promise<string> {
  const abs = path.resolve(p);
  try {
    return await realpath(abs);
  } catch {
    const parent = path.dirname(abs);
    if (parent === abs) return abs;
    return path.join(await realPathOf(parent), path.basename(abs));
  }
}

const hasLetters = (name: string) => name.toLowerCase() !== name.toUpperCase();
const swapCase = (name: string) => [...name].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');

/**
 * True when the volume holding `p` ignores case: a name listed in a folder on it is also found under its
 * swapped-case spelling, which the listing does not hold. Asked in the nearest existing folder (or, where that
 * holds no name with letters, the folders above it on the same volume); remembered per device.
 */
export async function isCaseInsensitive(p: string): Promise<boolean> {
  let dir = await realPathOf(p);
  while (!(await stat(dir).then((s) => s.isDirectory(), () => false))) {
    const parent = path.dirname(dir);
    if (parent === dir) return platformDefault();
    dir = parent;
  }
  const dev = (await stat(dir)).dev;
  const known = caseInsensitiveVolumes.get(String(dev));
  if (known !== undefined) return known;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const name = names.find(hasLetters);
    if (name !== undefined) {
      const swapped = swapCase(name);
      const insensitive = !names.includes(swapped) && (await stat(path.join(dir, swapped)).then(() => true, () => false));
      caseInsensitiveVolumes.set(String(dev), insensitive);
      return insensitive;
    }
    const parent = path.dirname(dir);
    // Nothing to ask on this volume (an empty card): assume the platform's usual file system.
    if (parent === dir || (await stat(parent)).dev !== dev) return platformDefault();
    dir = parent;
  }
}

/** Compares real paths as the volume does (case-folded where it ignores case). */
export function samePathText(a: string, b: string, caseInsensitive: boolean): boolean {
  const fold = (s: string) => (caseInsensitive ? s.normalize('NFC').toLowerCase() : s);
  return fold(a) === fold(b);
}

/** Same existing file or folder by device and inode. False if either is absent. */
export async function sameEntry(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([stat(a, { bigint: true }).catch(() => null), stat(b, { bigint: true }).catch(() => null)]);
  return x !== null && y !== null && x.dev === y.dev && x.ino === y.ino;
}

/** Same place on disk, whether or not it exists yet: same entry, or same real path as the volume compares names. */
export async function samePlace(a: string, b: string): Promise<boolean> {
  if (await sameEntry(a, b)) return true;
  const [ra, rb] = await Promise.all([realPathOf(a), realPathOf(b)]);
  if (ra === rb) return true;
  return samePathText(ra, rb, await isCaseInsensitive(ra));
}
