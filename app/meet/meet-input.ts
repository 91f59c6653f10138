/**
 * The meet software's files, read as a whole and only when whole. The meet software rewrites lynx.sch, lynx.evt
 * and lynx.ppl during the day, often in place: a read may catch a file half-written. So each file is read until
 * two reads a moment apart give the same bytes, and the three are read again until a pass finds every file as
 * the pass before (a schedule never paired with the start lists of another moment). A file that cannot be parsed
 * is read again until the deadline, then reported by name; nothing of it is applied.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import type { Competitor } from '../domain/race/document.js';
import { parseSchedule, type ScheduledRace } from '../domain/start-list/lynx-schedule.js';
import { decodeStartListBytes, listEvtEvents, parseStartList, type EvtEvent } from '../domain/start-list/parse-start-list.js';
import { meetSchedule, type MeetScheduleEntry } from '../domain/meet/schedule.js';
import { meetRaceName } from '../domain/meet/race-name.js';
import { sha256Bytes } from '../store/sha256.js';

const MAX_BYTES = 8 * 1024 * 1024;

export interface MeetInput {
  /** The schedule in running order (from lynx.sch, else every event of lynx.evt). */
  schedule: MeetScheduleEntry[];
  /** Each event of lynx.evt with its competitors, by race name (`012-1-03`). */
  startLists: Map<string, { event: EvtEvent; competitors: Competitor[] }>;
  people: Competitor[] | null;
  /** The files read, by name, with their SHA-256 (the audit entry of an applied start list names them). */
  files: { file: string; sha256: string }[];
}

export interface ReadOptions {
  /** Time between two reads that must agree (ms). */
  settleMs?: number;
  /** How long a file that will not settle or parse is read again (ms). */
  deadlineMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The file in `dir` whose name is `name` in any case (meet software on Windows writes LYNX.EVT), or null. */
export async function findInputFile(dir: string, name: string): Promise<string | null> {
  return findFile(dir, name).catch(() => null);
}

async function findFile(dir: string, name: string): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(`${dir}: the meet's input folder ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${code})`}`, 'NOT_FOUND');
  }
  const found = names.find((n) => n.toLowerCase() === name);
  return found ? path.join(dir, found) : null;
}

async function readOnce(file: string): Promise<Buffer | null> {
  try {
    const bytes = await readFile(file);
    if (bytes.length > MAX_BYTES) throw new UserError(`${file}: too large for a meet file (${bytes.length} bytes)`, 'INVALID_ARGUMENT');
    return bytes;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null; // replaced by rename this instant, or removed
    throw err;
  }
}

/** The bytes of `file` once two reads `settleMs` apart agree; null while it does not exist. */
export async function readSettled(file: string, settleMs: number, deadline: number): Promise<Buffer | null> {
  let before = await readOnce(file);
  for (;;) {
    await sleep(settleMs);
    const now = await readOnce(file);
    if ((before === null && now === null) || (before !== null && now !== null && before.equals(now))) return now;
    if (Date.now() > deadline) throw new UserError(`${file}: kept changing while it was read; nothing of it was applied`, 'CONFLICT');
    before = now;
  }
}

interface RawFiles {
  sch: { file: string; bytes: Buffer } | null;
  evt: { file: string; bytes: Buffer } | null;
  ppl: { file: string; bytes: Buffer } | null;
}

async function readPass(dir: string, settleMs: number, deadline: number): Promise<RawFiles> {
  const one = async (name: string) => {
    const file = await findFile(dir, name);
    const bytes = file ? await readSettled(file, settleMs, deadline) : null;
    return file && bytes ? { file, bytes } : null;
  };
  return { sch: await one('lynx.sch'), evt: await one('lynx.evt'), ppl: await one('lynx.ppl') };
}

const samePass = (a: RawFiles, b: RawFiles) =>
  (['sch', 'evt', 'ppl'] as const).every((k) => (a[k] === null && b[k] === null) || (a[k] !== null && b[k] !== null && a[k].bytes.equals(b[k].bytes)));

function parseInput(raw: RawFiles): MeetInput {
  const text = (f: { bytes: Buffer }) => decodeStartListBytes(f.bytes);
  const schedule: ScheduledRace[] | null = raw.sch ? parseSchedule(text(raw.sch), raw.sch.file) : null;
  const events: EvtEvent[] = raw.evt ? listEvtEvents(text(raw.evt), raw.evt.file) : [];
  const startLists = new Map<string, { event: EvtEvent; competitors: Competitor[] }>();
  for (const e of events) {
    const { competitors } = raw.evt && e.competitors > 0 ? parseStartList(text(raw.evt), 'evt', raw.evt.file, { event: e.key }) : { competitors: [] };
    startLists.set(meetRaceName({ event: e.number, round: e.round, heat: e.heat }), { event: e, competitors });
  }
  const people = raw.ppl ? parseStartList(text(raw.ppl), 'ppl', raw.ppl.file).competitors : null;
  const files = [raw.sch, raw.evt, raw.ppl].filter((f) => f !== null).map((f) => ({ file: path.basename(f.file), sha256: sha256Bytes(f.bytes) }));
  return { schedule: meetSchedule(schedule, events), startLists, people, files };
}

/** Reads the input folder until a whole, consistent, parseable set of files is found (or the deadline passes). */
export async function readMeetInput(dir: string, options: ReadOptions = {}): Promise<MeetInput> {
  const settleMs = options.settleMs ?? 60;
  const deadline = Date.now() + (options.deadlineMs ?? 3000);
  let previous = await readPass(dir, settleMs, deadline);
  for (;;) {
    const current = await readPass(dir, settleMs, deadline);
    if (samePass(previous, current)) {
      // Nothing to wait for: no meet software has written here (yet).
      if (!current.evt && !current.sch) throw new UserError(`${dir}: the meet's input folder holds neither lynx.sch nor lynx.evt`, 'NOT_FOUND');
      try {
        return parseInput(current);
      } catch (err) {
        // A file cut off mid-line parses wrong; the meet software may still be writing it: read again until the deadline.
        if (!(err instanceof UserError) || Date.now() > deadline) throw err;
      }
    } else if (Date.now() > deadline) throw new UserError(`${dir}: the meet's files kept changing while they were read; nothing was applied`, 'CONFLICT');
    previous = current;
    await sleep(settleMs);
  }
}
