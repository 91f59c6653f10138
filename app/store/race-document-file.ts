/**
 * `race.json` on disk. Reading checks the schema version before anything else (a document written by a newer
 * Photofinish is refused, never downgraded) and reports malformed JSON with its file name; it never rewrites a
 * file it could not read. Writing is atomic.
 */
import { readFile } from 'node:fs/promises';
import { isErrnoLike, systemErrorToUserError } from '../domain/system-errors.js';
import { UserError } from '../domain/errors.js';
import { RACE_SCHEMA, RACE_SCHEMA_VERSION, raceDocument, type RaceDocument } from '../domain/race/document.js';
import { writeFileAtomic } from './atomic-write.js';

export async function readRaceDocument(file: string): Promise<RaceDocument> {
  return (await readRaceDocumentWithRaw(file)).doc;
}

/** The document and the JSON exactly as found on disk (to compare with the log without zod dropping edits). */
export async function readRaceDocumentWithRaw(file: string): Promise<{ doc: RaceDocument; raw: unknown }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new UserError(`${file}: not a race folder (race.json is missing)`, 'NOT_FOUND');
    if (isErrnoLike(err) && err.code === 'EISDIR') throw new UserError(`${file}: the race document is a folder, not a file; the race cannot be opened (restore race.json from a copy of the race)`, 'CONFLICT');
    throw systemErrorToUserError(err, file) ?? err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UserError(`${file}: malformed JSON (${firstLine((err as Error).message)}); the file was left untouched`);
  }
  return { doc: parseRaceDocument(json, file), raw: json };
}

/** Validates a parsed race document, refusing newer schema versions with a clear message. */
export function parseRaceDocument(json: unknown, file: string): RaceDocument {
  const head = json as { schema?: unknown; schemaVersion?: unknown } | null;
  if (typeof head !== 'object' || head === null || head.schema !== RACE_SCHEMA) {
    throw new UserError(`${file}: not a Photofinish race document`);
  }
  if (typeof head.schemaVersion === 'number' && head.schemaVersion > RACE_SCHEMA_VERSION) {
    throw new UserError(
      `${file}: written by a newer Photofinish (race schema ${head.schemaVersion}, this version reads up to ${RACE_SCHEMA_VERSION}); update Photofinish to open it`,
    );
  }
  const r = raceDocument.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new UserError(`${file}: invalid race document (${issue ? `${issue.path.join('.') || 'root'}: ${issue.message}` : 'unknown problem'})`);
  }
  return r.data;
}

export function serialiseRaceDocument(doc: RaceDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export async function writeRaceDocument(file: string, doc: RaceDocument): Promise<void> {
  await writeFileAtomic(file, serialiseRaceDocument(doc));
}

function firstLine(s: string): string {
  return s.split('\n')[0] ?? s;
}
