/** Reads a start-list file (CSV, FinishLynx lynx.ppl / lynx.evt) into competitors; see domain/start-list. */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import type { Competitor } from '../domain/race/document.js';
import { inScheduleOrder, parseSchedule, type StartListEvents } from '../domain/start-list/lynx-schedule.js';
import {
  decodeStartListBytes,
  listEvtEvents,
  parseStartList,
  startListKindOf,
  type EvtEvent,
  type StartListKind,
  type StartListOptions,
} from '../domain/start-list/parse-start-list.js';
import { sha256Bytes } from './sha256.js';

/** A start list is a few kilobytes; anything far larger is the wrong file. */
const MAX_BYTES = 8 * 1024 * 1024;

async function readSmallFile(file: string, what: string): Promise<Buffer> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UserError(`${file}: not a file`, 'INVALID_ARGUMENT');
    if (info.size > MAX_BYTES) throw new UserError(`${file}: too large for ${what} (${info.size} bytes)`, 'INVALID_ARGUMENT');
    return await readFile(file);
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(`${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (err as Error).message})`}`, 'NOT_FOUND');
  }
}

function kindOf(file: string): StartListKind {
  const kind = startListKindOf(file);
  if (!kind) throw new UserError(`${file}: unknown start list format (use a .csv with a header, lynx.ppl or lynx.evt)`, 'INVALID_ARGUMENT');
  return kind;
}

export async function parseStartListFile(file: string, options: StartListOptions = {}): Promise<Competitor[]> {
  return (await readStartListFile(file, options)).competitors;
}

/** The competitors, the SHA-256 of the file (recorded in the audit log) and, for a lynx.evt, its event. */
export async function readStartListFile(file: string, options: StartListOptions = {}): Promise<{ competitors: Competitor[]; sha256: string; event?: EvtEvent }> {
  const kind = kindOf(file);
  const bytes = await readSmallFile(file, 'a start list');
  const parsed = parseStartList(decodeStartListBytes(bytes), kind, file, options);
  return { ...parsed, sha256: sha256Bytes(bytes) };
}

/** The events of a lynx.evt, in the order of the lynx.sch beside it where there is one. CSV and .ppl hold none. */
export async function listStartListEvents(file: string): Promise<StartListEvents> {
  const kind = kindOf(file);
  if (kind !== 'evt') return { schedule: null, events: [] };
  const events = listEvtEvents(decodeStartListBytes(await readSmallFile(file, 'a start list')), file);
  const dir = path.dirname(file);
  const sch = (await readdir(dir).catch(() => [] as string[])).find((n) => n.toLowerCase() === 'lynx.sch');
  if (!sch) return { schedule: null, events: events.map((e) => ({ ...e, scheduled: false })) };
  const schFile = path.join(dir, sch);
  const schedule = parseSchedule(decodeStartListBytes(await readSmallFile(schFile, 'a schedule')), schFile);
  return { schedule: schFile, events: inScheduleOrder(events, schedule) };
}
