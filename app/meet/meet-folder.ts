/**
 * A meet folder's layout: `meet.json` (the settings), `races/012-1-03/` (one race folder per scheduled race) and,
 * unless the settings say otherwise, the meet software's files and the results in the meet folder itself.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export const MEET_FILE = 'meet.json';
export const RACES_DIR = 'races';

export const meetFiles = (meetDir: string) => ({
  settings: path.join(meetDir, MEET_FILE),
  races: path.join(meetDir, RACES_DIR),
  race: (name: string) => path.join(meetDir, RACES_DIR, name),
  feedSequence: path.join(meetDir, 'feed-sequence.json'),
});

/** A settings path as stored: relative to the meet folder where inside it (a share mounted elsewhere still works). */
export function storedPath(meetDir: string, given: string): string {
  const abs = path.resolve(given);
  const rel = path.relative(path.resolve(meetDir), abs);
  return rel === '' ? '.' : !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : abs;
}

export function resolveStored(meetDir: string, stored: string): string {
  return path.resolve(meetDir, stored);
}

/** The meet a race folder belongs to (`MEETDIR/races/NAME`), or null for a race on its own. */
export async function meetOfRace(raceDir: string): Promise<{ meetDir: string; race: string } | null> {
  const abs = path.resolve(raceDir);
  const parent = path.dirname(abs);
  if (path.basename(parent) !== RACES_DIR) return null;
  const meetDir = path.dirname(parent);
  const found = await stat(path.join(meetDir, MEET_FILE)).then((s) => s.isFile(), () => false);
  return found ? { meetDir, race: path.basename(abs) } : null;
}
