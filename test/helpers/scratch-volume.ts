/**
 * Real file systems with the properties a test needs, mounted for the test where the machine allows it (root,
 * loop devices, FUSE): a tiny tmpfs that fills up (ENOSPC), and an exFAT volume that ignores case as Windows and
 * macOS volumes do. Each returns null, with the reason, where it cannot be made; the tests then skip saying why.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface ScratchVolume {
  dir: string;
  unmount(): Promise<void>;
}

const quiet = { stdio: 'pipe' as const };

/** A tmpfs of `bytes` at a fresh folder (Linux, root). */
export async function mountTinyTmpfs(bytes: number): Promise<ScratchVolume | string> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'needs root on Linux to mount a tmpfs';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pf-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], quiet);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    return `mount -t tmpfs failed (${(err as Error).message.split('\n')[0]})`;
  }
  return {
    dir,
    async unmount() {
      execFileSync('umount', [dir], quiet);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An 8 MB exFAT image on a loop device, mounted through exfat-fuse (Linux, root, exfatprogs + exfat-fuse). */
export async function mountCaseInsensitiveVolume(): Promise<ScratchVolume | string> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'needs root on Linux to mount an exFAT image';
  const root = await mkdtemp(path.join(os.tmpdir(), 'pf-exfat-'));
  const image = path.join(root, 'volume.img');
  const dir = path.join(root, 'mnt');
  let loop: string | null = null;
  try {
    await writeFile(image, Buffer.alloc(0));
    execFileSync('truncate', ['-s', '8M', image], quiet);
    execFileSync('mkfs.exfat', [image], quiet);
    loop = execFileSync('losetup', ['-f', '--show', image], quiet).toString().trim();
    execFileSync('mkdir', [dir], quiet);
    execFileSync('mount.exfat-fuse', [loop, dir], quiet);
  } catch (err) {
    if (loop) execFileSync('losetup', ['-d', loop], quiet);
    await rm(root, { recursive: true, force: true });
    return `an exFAT volume could not be mounted (${(err as Error).message.split('\n')[0]}; apt-get install exfatprogs exfat-fuse)`;
  }
  const device = loop;
  return {
    dir,
    async unmount() {
      execFileSync('umount', [dir], quiet);
      execFileSync('losetup', ['-d', device], quiet);
      await rm(root, { recursive: true, force: true });
    },
  };
}
