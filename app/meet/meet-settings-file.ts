/**
 * `meet.json` on disk: read with one clear line per problem, written atomically (temp file, fsync, rename) under
 * the meet folder's lock, so two stations changing the settings at once leave one whole file, never a mix.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import { describeZodIssues } from '../domain/validation-issues.js';
import { MEET_SCHEMA, meetSettings, type MeetSettings } from '../domain/meet/meet-settings.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { withRaceLock } from '../store/race-lock.js';
import { meetFiles, resolveStored } from './meet-folder.js';

export async function readMeetSettings(meetDir: string): Promise<MeetSettings> {
  const file = meetFiles(meetDir).settings;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UserError(`${meetDir}: not a meet folder (${path.basename(file)} is missing)`, 'NOT_FOUND', { hint: 'init-meet' });
    throw new UserError(`${file}: cannot be read (${code ?? (err as Error).message})`, 'USER_ERROR');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UserError(`${file}: malformed JSON (${(err as Error).message.split('\n')[0]}); the file was left untouched`, 'INVALID_ARGUMENT');
  }
  if ((json as { schema?: unknown } | null)?.schema !== MEET_SCHEMA) throw new UserError(`${file}: not a meet settings file`, 'INVALID_ARGUMENT');
  const parsed = meetSettings.safeParse(json);
  if (!parsed.success) throw new UserError(`${file}: ${describeZodIssues(parsed.error.issues)}`, 'INVALID_ARGUMENT');
  return parsed.data;
}

export interface MeetPaths {
  input: string;
  output: string;
}

export function meetPaths(meetDir: string, s: MeetSettings): MeetPaths {
  return { input: resolveStored(meetDir, s.input), output: resolveStored(meetDir, s.output) };
}

/** Creates the meet folder's settings; refuses a folder that already is a meet. */
export async function createMeetSettings(meetDir: string, settings: Omit<MeetSettings, 'schema' | 'version' | 'boardToken'>): Promise<MeetSettings> {
  await mkdir(meetDir, { recursive: true });
  return withRaceLock(meetDir, async () => {
    const file = meetFiles(meetDir).settings;
    if (await stat(file).then(() => true, () => false)) throw new UserError(`${meetDir}: is already a meet folder (${path.basename(file)} exists)`, 'CONFLICT', { hint: 'change-meet' });
    const doc: MeetSettings = { schema: MEET_SCHEMA, version: 1, ...settings, boardToken: randomBytes(16).toString('hex') };
    await writeFileAtomic(file, `${JSON.stringify(meetSettings.parse(doc), null, 2)}\n`);
    await mkdir(meetFiles(meetDir).races, { recursive: true });
    return doc;
  });
}

/** Changes the settings as `change` says, reading them under the lock so a concurrent change is never lost. */
export async function updateMeetSettings(meetDir: string, change: (s: MeetSettings) => MeetSettings): Promise<MeetSettings> {
  await readMeetSettings(meetDir); // "not a meet folder" before any lock file is made
  return withRaceLock(meetDir, async () => {
    const next = meetSettings.parse(change(await readMeetSettings(meetDir)));
    await writeFileAtomic(meetFiles(meetDir).settings, `${JSON.stringify(next, null, 2)}\n`);
    return next;
  });
}

/** A fresh board token (the old one stops working). */
export const newBoardToken = (): string => randomBytes(16).toString('hex');
