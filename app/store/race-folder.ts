/** Which folder a path given by a user means: the race folder itself, or its `race.json`. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';

export async function raceFolderOf(given: string): Promise<string> {
  const resolved = path.resolve(given);
  const info = await stat(resolved).catch(() => null);
  if (!info) throw new UserError(`${given}: no such race folder`, 'NOT_FOUND');
  const dir = info.isDirectory() ? resolved : path.dirname(resolved);
  const doc = await stat(path.join(dir, RACE_LAYOUT.document)).catch(() => null);
  if (!doc?.isFile()) throw new UserError(`${given}: not a race folder (no ${RACE_LAYOUT.document})`, 'NOT_FOUND', { hint: 'build-race' });
  return dir;
}
