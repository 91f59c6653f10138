/** Reading a race's evidence (manifest and times), validated. Every other area reads evidence through these. */
import { readBoundedFile } from './regular-file.js';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import { evidenceManifest, RACE_LAYOUT, timesFile, type EvidenceManifest, type TimesFile } from '../domain/race/evidence.js';
import { describeZodIssues } from '../domain/validation-issues.js';

/**
 * Largest manifest or times file read: a manifest lists every frame (about 200 bytes each), so 256 MiB is over a
 * million frames; anything larger is refused with its size, never parsed.
 */
export const MAX_EVIDENCE_JSON_BYTES = 256 * 1024 * 1024;

async function readJson(racePath: string, relative: string, what: string): Promise<unknown> {
  const file = path.join(racePath, relative);
  let text: string;
  try {
    text = (await readBoundedFile(file, MAX_EVIDENCE_JSON_BYTES, what)).toString('utf8');
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`${racePath}: not a race folder (no ${relative})`, 'NOT_FOUND');
    throw new UserError(`${file}: ${what} cannot be read`, 'NOT_FOUND');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UserError(`${file}: ${what} is not valid JSON`, 'INVALID_ARGUMENT');
  }
}

export async function loadManifest(racePath: string): Promise<EvidenceManifest> {
  const raw = await readJson(racePath, RACE_LAYOUT.manifest, 'the evidence manifest');
  const parsed = evidenceManifest.safeParse(raw);
  if (!parsed.success) throw new UserError(`${path.join(racePath, RACE_LAYOUT.manifest)}: not a valid evidence manifest (${describeZodIssues(parsed.error.issues)})`, 'INVALID_ARGUMENT');
  return parsed.data;
}

export async function readTimes(racePath: string): Promise<TimesFile> {
  const raw = await readJson(racePath, RACE_LAYOUT.times, 'the times file');
  const parsed = timesFile.safeParse(raw);
  const file = path.join(racePath, RACE_LAYOUT.times);
  if (!parsed.success) throw new UserError(`${file}: not a valid times file (${describeZodIssues(parsed.error.issues)})`, 'INVALID_ARGUMENT');
  if (parsed.data.timesNs.length !== parsed.data.frames.length) throw new UserError(`${file}: ${parsed.data.timesNs.length} times but ${parsed.data.frames.length} frame numbers`, 'INVALID_ARGUMENT');
  return parsed.data;
}
