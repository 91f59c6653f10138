/** The recently opened races, kept in the user's data folder (`recent-races.json`, written atomically). */
import { log } from '../runtime/log.js';
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { RecentRace } from '../api/types.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { writeFileAtomic } from './atomic-write.js';

const FILE = 'recent-races.json';
const MAX = 20;
const recentList = z.array(z.object({ path: z.string(), name: z.string(), openedAt: z.string() }));

/** Read what is there; a damaged list is treated as empty (it is a convenience, never evidence). */
async function readList(dataDir: string): Promise<RecentRace[]> {
  const file = path.join(dataDir, FILE);
  try {
    const r = recentList.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!r.success) log().warn({ file }, 'recent races list is damaged; starting it afresh');
    return r.success ? r.data : [];
  } catch (err) {
    // No list yet is the normal first run; anything else is worth a line.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log().warn({ err, file }, 'recent races list cannot be read; starting it afresh');
    return [];
  }
}

export async function rememberRecentRace(dataDir: string, race: RecentRace): Promise<void> {
  const list = (await readList(dataDir)).filter((r) => r.path !== race.path);
  list.unshift(race);
  await mkdir(dataDir, { recursive: true });
  await writeFileAtomic(path.join(dataDir, FILE), `${JSON.stringify(list.slice(0, MAX), null, 2)}\n`);
}

/** Most recent first; races whose folder is gone are left out. */
export async function listRecentRaces(dataDir: string): Promise<RecentRace[]> {
  const list = await readList(dataDir);
  const present = await Promise.all(
    list.map((r) =>
      access(path.join(r.path, RACE_LAYOUT.document)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return list.filter((_, i) => present[i]);
}
