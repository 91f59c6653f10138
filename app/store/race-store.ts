/**
 * The race folder on disk: creating a race, opening it (with crash recovery), and committing changes. The audit
 * log is the truth and `race.json` its snapshot. A change is: replay the log from disk, check the change against
 * that state (the domain refuses what the rules forbid), append its sealed entry and fsync, then rewrite
 * `race.json` atomically. A crash between the two leaves the document one entry behind the log; opening the race
 * replays the log and writes the document again. Anything else that disagrees (a broken chain, a document edited
 * outside the app) is reported, never "repaired", and blocks further changes until an official looks at it.
 */
import { randomUUID } from 'node:crypto';
import { access, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { checkChain, sealEntry, serialiseEntry, type AuditEntry } from '../domain/audit/chain.js';
import { canonicalJson } from '../domain/audit/canonical.js';
import { isUnwritable, systemErrorToUserError } from '../domain/system-errors.js';
import { UserError } from '../domain/errors.js';
import type { RaceCreatedPayload } from '../domain/race/changes.js';
import { RACE_SCHEMA_VERSION, type Competitor, type RaceDocument, type RaceMeta, type SportName } from '../domain/race/document.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import type { RaceEvent } from '../domain/event/race-event.js';
import { applyEntry, applyEntryInPlace, replayLog, ReplayError, type RaceState } from '../domain/race/replay.js';
import { removeStaleTemps, writeFileDurableExclusive } from './atomic-write.js';
import { appendNewline, endsWithNewline, readTail, syncFile } from './log-file-bytes.js';
import { appendAuditEntry, readAuditLog } from './audit-log.js';
import { readRaceDocumentWithRaw, writeRaceDocument } from './race-document-file.js';
import { ReadOnlyRaceError, withRaceLock } from './race-lock.js';
import { sha256Text } from './sha256.js';

export interface RaceInit {
  manifestSha256: string;
  meta: RaceMeta;
  sport: SportName;
  competitors: Competitor[];
  /** The event, where the start list named it. */
  event?: RaceEvent;
  actor: string;
  at: string;
}

export const raceFiles = (dir: string) => ({
  document: path.join(dir, RACE_LAYOUT.document),
  audit: path.join(dir, RACE_LAYOUT.audit),
  manifest: path.join(dir, RACE_LAYOUT.manifest),
});

/**
 * Creates `race.json` and `audit.jsonl` (first entry `race.created`) in `dir`, which must exist and hold no race
 * yet. Called by the build once the evidence is in place.
 */
export async function initRaceFolder(dir: string, init: RaceInit): Promise<void> {
  const files = raceFiles(dir);
  for (const f of [files.document, files.audit]) {
    if (await exists(f)) throw new UserError(`${f}: a race already exists in ${dir}`, 'CONFLICT');
  }
  const ids = new Set<string>();
  for (const c of init.competitors) {
    if (ids.has(c.id)) throw new UserError(`start list: competitor ${c.id} appears twice`, 'INVALID_ARGUMENT');
    ids.add(c.id);
  }
  const payload: RaceCreatedPayload = {
    schemaVersion: RACE_SCHEMA_VERSION,
    id: randomUUID(),
    createdAt: init.at,
    meta: init.meta,
    evidence: { manifestPath: RACE_LAYOUT.manifest, manifestSha256: init.manifestSha256 },
    settings: { sport: { sport: init.sport }, direction: 'ltr' },
    competitors: init.competitors,
    ...(init.event ? { event: init.event } : {}),
  };
  const entry = sealEntry(null, { at: init.at, actor: init.actor, action: 'race.created', payload }, sha256Text);
  const state = applyEntry(null, entry);
  await writeFileDurableExclusive(files.audit, serialiseEntry(entry));
  await writeRaceDocument(files.document, state.doc);
}

/** Something that makes the folder's record disagree with itself; changes are refused while any is present. */
export interface IntegrityProblem {
  kind: 'chain' | 'document' | 'log-line';
  message: string;
}

export interface LoadedRace {
  dir: string;
  /** The state the audit log proves (up to the first broken entry, if any). */
  state: RaceState;
  /** `race.json` as read (it may differ from `state.doc` where a problem is reported). */
  document: RaceDocument;
  entries: AuditEntry[];
  problems: IntegrityProblem[];
  /** What opening repaired after an interrupted save (without `repair`: what it would repair). */
  recovered: string[];
}

/**
 * Reads a race folder and checks its document against its log. With `repair`, the two crash leftovers are
 * fixed: an unfinished last log line is cut off, and a document one entry behind the log is rewritten.
 */
export async function loadRace(dir: string, options: { repair: boolean }): Promise<LoadedRace> {
  const files = raceFiles(dir);
  const { doc, raw } = await readRaceDocumentWithRaw(files.document);
  if (!(await exists(files.audit))) throw new UserError(`${files.audit}: the race's audit log is missing`, 'NOT_FOUND');
  const log = await readAuditLog(files.audit);
  const problems: IntegrityProblem[] = [];
  const recovered: string[] = [];

  // A torn last line that race.json shows as committed is not an interrupted append: never cut it. A certification
  // is rebuilt from race.json, and counts only where its hash is the head race.json recorded.
  const committedTorn = log.tornTailBytes > 0 && !log.badLine && doc.audit.count === log.entries.length + 1;
  const rebuilt = committedTorn ? await rebuildTornCertification(files.audit, log.goodBytes, log.entries, doc) : null;
  if (rebuilt) {
    log.entries.push(rebuilt);
    if (options.repair) {
      await truncate(files.audit, log.goodBytes);
      await appendAuditEntry(files.audit, rebuilt);
      recovered.push(`rebuilt audit entry ${rebuilt.seq} (the certification) from race.json: its last ${log.tornTailBytes} bytes in the log were torn`);
    } else {
      recovered.push(`audit entry ${rebuilt.seq} (the certification) is torn in the log; race.json holds it whole, and it is rebuilt from there when the race is next opened where it can be written`);
    }
  } else if (committedTorn) {
    problems.push({ kind: 'log-line', message: `audit chain broken at entry ${log.entries.length + 1}: its line is torn, though race.json records it as committed (it cannot be rebuilt from race.json)` });
  } else if (log.tornTailBytes > 0) {
    if (options.repair) {
      await truncate(files.audit, log.goodBytes);
      await syncFile(files.audit);
      recovered.push(`removed an unfinished audit entry (${log.tornTailBytes} bytes) left by an interrupted save`);
    } else {
      recovered.push('the audit log ends with an unfinished entry from an interrupted save (not committed; removed when the race is next opened where it can be written)');
    }
  } else if (options.repair && log.entries.length > 0 && log.badLine === null && !(await endsWithNewline(files.audit))) {
    await appendNewline(files.audit);
  }
  if (log.badLine) problems.push({ kind: 'log-line', message: `audit chain broken at entry ${log.badLine.line}: line is ${log.badLine.reason}` });

  const chain = checkChain(log.entries, sha256Text);
  if (chain.brokenAt) problems.push({ kind: 'chain', message: `audit chain broken at entry ${chain.brokenAt.seq}: ${chain.brokenAt.reason}` });
  let state: RaceState | null = null;
  let replayed = 0;
  for (const e of chain.valid) {
    try {
      state = applyEntryInPlace(state, e);
      replayed++;
    } catch (err) {
      if (!(err instanceof ReplayError)) throw err;
      problems.push({ kind: 'chain', message: `audit chain broken at entry ${err.seq}: ${err.message.replace(/^audit entry \d+: /, '')}` });
      // The failed entry may have half-changed the state: rebuild it up to the entry before.
      state = replayed > 0 ? replayLog(chain.valid.slice(0, replayed)) : null;
      break;
    }
  }
  if (!state) throw new UserError(`${files.audit}: the audit log has no valid first entry; the race cannot be opened`);

  const clean = problems.length === 0;
  // With a broken chain the log proves only a prefix, so comparing the snapshot with it would accuse the wrong file.
  if (clean && canonicalJson(raw) !== canonicalJson(state.doc)) {
    const oneBehind =
      doc.audit.count === replayed - 1 && canonicalJson(raw) === canonicalJson(replayLog(chain.valid.slice(0, -1)).doc);
    if (oneBehind && options.repair) {
      await writeRaceDocument(files.document, state.doc);
      recovered.push(`race.json brought up to date with audit entry ${replayed} (the save was interrupted)`);
    } else if (oneBehind) {
      recovered.push(`race.json is one entry behind its audit log (an interrupted save); the log is the record, and race.json is brought up to date when the race is next opened where it can be written`);
    } else if (doc.audit.count > replayed) {
      // The snapshot knows of more changes than the log holds: entries were cut from the end of the log.
      problems.push({ kind: 'chain', message: `audit chain broken at entry ${replayed + 1}: the log ends at entry ${replayed} but race.json records ${doc.audit.count} entries` });
    } else {
      problems.push({ kind: 'document', message: `race.json was edited outside the app (${describeDifference(raw, state.doc)})` });
    }
  }
  if (options.repair) await removeStaleTemps(dir, RACE_LAYOUT.document);
  return { dir, state, document: doc, entries: chain.valid.slice(0, replayed), problems, recovered };
}

export interface ChangeBody {
  actor: string;
  action: string;
  payload: unknown;
  /** ISO time of the change; now by default. */
  at?: string;
}

/** A committed change, and whether its snapshot could be written. */
export interface CommitOutcome {
  state: RaceState;
  /**
   * Set when the entry is in the audit log (the change is recorded) but `race.json` could not be rewritten (a full
   * disk): opening the race brings the snapshot up to date. Read what happened with `systemErrorCondition`.
   */
  snapshotError?: unknown;
}

/**
 * Commits one change: `build` sees the state the log proves and returns the entry to append (or throws a
 * UserError, in which case nothing is written). Returns the state after the change.
 */
export async function commitChange(dir: string, build: (state: RaceState) => ChangeBody): Promise<RaceState> {
  return (await commitChangeOutcome(dir, build)).state;
}

/**
 * commitChange, telling apart the two ways a save can end on a full disk: the audit entry did not make it (then
 * nothing was saved and the error says so), or it did and only the snapshot failed (the change is recorded).
 */
export async function commitChangeOutcome(dir: string, build: (state: RaceState) => ChangeBody): Promise<CommitOutcome> {
  return withRaceLock(dir, async () => {
    // Opening repairs a snapshot an earlier save left behind; where that cannot be written (the disk still full),
    // no change is made, and the error says so naming the race (the raw error names neither).
    const loaded = await loadRace(dir, { repair: true }).catch((err: unknown) => {
      throw isUnwritable(err) ? new ReadOnlyRaceError(dir, err) : err;
    });
    if (loaded.problems.length > 0) {
      throw new UserError(`${dir}: changes are refused until the race record is sound: ${loaded.problems[0]?.message}`, 'CONFLICT', { hint: 'verify-race' });
    }
    const files = raceFiles(dir);
    const logSize = (await stat(files.audit)).size;
    const body = build(loaded.state);
    const head = loaded.entries[loaded.entries.length - 1] ?? null;
    const entry = sealEntry(head, { at: body.at ?? new Date().toISOString(), actor: body.actor, action: body.action, payload: body.payload }, sha256Text);
    const next = applyEntry(loaded.state, entry);
    // Belt and braces behind the lock: never append after an entry this change did not see.
    if ((await stat(files.audit)).size !== logSize) {
      throw new UserError(`${dir}: the race was changed by another process at the same moment; nothing was saved, try again`, 'CONFLICT');
    }
    await appendCommitted(files.audit, entry, logSize, dir);
    try {
      await writeRaceDocument(files.document, next.doc);
    } catch (err) {
      return { state: next, snapshotError: err };
    }
    return { state: next };
  });
}

/**
 * Appends the entry. If the append fails, the entry counts as committed only when its whole line is in the log (a
 * reader sees it); a partial line is cut off at once, so the log holds exactly what it held before.
 */
async function appendCommitted(file: string, entry: AuditEntry, sizeBefore: number, dir: string): Promise<void> {
  try {
    await appendAuditEntry(file, entry);
  } catch (err) {
    const line = Buffer.from(serialiseEntry(entry), 'utf8');
    const written = await readTail(file, sizeBefore).catch(() => null);
    if (written !== null && written.equals(line)) return;
    await truncate(file, sizeBefore).catch(() => undefined);
    const reason = systemErrorToUserError(err, dir);
    if (!reason) throw err;
    throw new UserError(`${reason.message.replace(/^([^:]*): /, '$1: nothing was saved: ')}`, reason.code);
  }
}


/**
 * Reads the state, repairing crash leftovers under the write lock. Where the folder cannot be written now (a
 * read-only or full disk, no permission), the race is still opened to look at: what opening would repair is
 * listed instead, and repaired when the race is next opened on a writable disk.
 */
export async function openRaceFolder(dir: string): Promise<LoadedRace> {
  try {
    return await withRaceLock(dir, () => loadRace(dir, { repair: true }));
  } catch (err) {
    if (err instanceof ReadOnlyRaceError || isUnwritable(err)) return loadRace(dir, { repair: false });
    throw err;
  }
}

/** Reads the state without writing anything (no lock, no repair): for commands that only look. */
export function readRaceFolder(dir: string): Promise<LoadedRace> {
  return loadRace(dir, { repair: false });
}

/**
 * The certification a torn last line held, from race.json: the entry `certify` appended is exactly
 * { at: c.at, actor: c.official, action: 'race.certified', payload: { certification: c } } after the entry before
 * it. Null unless its hash is the head race.json recorded and the torn bytes are the start of its line.
 */
async function rebuildTornCertification(file: string, goodBytes: number, entries: readonly AuditEntry[], doc: RaceDocument): Promise<AuditEntry | null> {
  const c = doc.certified;
  if (!c) return null;
  const entry = sealEntry(entries[entries.length - 1] ?? null, { at: c.at, actor: c.official, action: 'race.certified', payload: { certification: c } }, sha256Text);
  if (entry.hash !== doc.audit.head) return null;
  const torn = await readTail(file, goodBytes);
  return Buffer.from(serialiseEntry(entry), 'utf8').subarray(0, torn.length).equals(torn) ? entry : null;
}

function describeDifference(raw: unknown, doc: RaceDocument): string {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const d = doc as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(r), ...Object.keys(d)])].sort();
  const differing = keys.filter((k) => canonicalJson(r[k] ?? null) !== canonicalJson(d[k] ?? null));
  return differing.length ? `${differing.slice(0, 4).join(', ')} differ from the audit log` : 'content differs from the audit log';
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
