/**
 * A random secret of this installation, kept in its data folder (`<name>.key`, 32 bytes, readable by this user
 * only), for sealing records that live in race folders: someone who can write a race folder but not the data folder
 * cannot make a record this installation accepts. Created on first use.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SECRET_BYTES = 32;

export async function installationSecret(dataDir: string, name: string): Promise<Buffer> {
  const file = path.join(dataDir, `${name}.key`);
  const existing = await readFile(file).catch(() => null);
  if (existing && existing.length === SECRET_BYTES) return existing;
  await mkdir(dataDir, { recursive: true });
  // 'wx': two first uses at once agree on the one that was written first.
  await writeFile(file, randomBytes(SECRET_BYTES), { flag: existing ? 'w' : 'wx', mode: 0o600 }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  });
  return readFile(file);
}
