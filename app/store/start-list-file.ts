/** Reads a start-list file (CSV, FinishLynx lynx.ppl / lynx.evt) into competitors; see domain/start-list. */
import { readFile, stat } from 'node:fs/promises';
import { UserError } from '../domain/errors.js';
import type { Competitor } from '../domain/race/document.js';
import { decodeStartListBytes, parseStartListText, startListKindOf, type StartListOptions } from '../domain/start-list/parse-start-list.js';
import { sha256Bytes } from './sha256.js';

/** A start list is a few kilobytes; anything far larger is the wrong file. */
const MAX_BYTES = 8 * 1024 * 1024;

export async function parseStartListFile(file: string, options: StartListOptions = {}): Promise<Competitor[]> {
  return (await readStartListFile(file, options)).competitors;
}

/** The competitors and the SHA-256 of the file (recorded in the audit log). */
export async function readStartListFile(file: string, options: StartListOptions = {}): Promise<{ competitors: Competitor[]; sha256: string }> {
  const kind = startListKindOf(file);
  if (!kind) throw new UserError(`${file}: unknown start list format (use a .csv with a header, lynx.ppl or lynx.evt)`, 'INVALID_ARGUMENT');
  let bytes: Buffer;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UserError(`${file}: not a file`, 'INVALID_ARGUMENT');
    if (info.size > MAX_BYTES) throw new UserError(`${file}: too large for a start list (${info.size} bytes)`, 'INVALID_ARGUMENT');
    bytes = await readFile(file);
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(`${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (err as Error).message})`}`, 'NOT_FOUND');
  }
  const competitors = parseStartListText(decodeStartListBytes(bytes), kind, file, options);
  return { competitors, sha256: sha256Bytes(bytes) };
}
