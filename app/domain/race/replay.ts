/**
 * Replaying the audit log: folds the entries, in order, into the race document and the undo/redo stacks. This is
 * how a race is opened, how a change is checked before it is written, and how `verify` proves that `race.json`
 * was not edited outside the app (the snapshot must equal the replay). An entry that does not apply to the state
 * before it (a slice whose `before` differs, an undo of something not on the stack) makes the log inconsistent.
 */
import type { AuditEntry } from '../audit/chain.js';
import { canonicalJson } from '../audit/canonical.js';
import { changePayloads, isChangeAction, UNDOABLE, type SliceChange } from './changes.js';
import { RACE_SCHEMA, type RaceDocument } from './document.js';
import { applyRecordSlice, reverseAny } from './record-slices.js';
import { applyStartChange } from '../start/start-replay.js';

export interface RaceState {
  doc: RaceDocument;
  /** Sequence numbers of the undoable entries, most recent last. */
  undo: number[];
  /** Sequence numbers of undone entries that can be redone, most recently undone last. */
  redo: number[];
  /** The change each undoable entry made, by sequence number. */
  changes: Map<number, SliceChange>;
}

export class ReplayError extends Error {
  constructor(
    readonly seq: number,
    reason: string,
  ) {
    super(`audit entry ${seq}: ${reason}`);
    this.name = 'ReplayError';
  }
}

/** Replays a whole (already chain-checked) log. */
export function replayLog(entries: readonly AuditEntry[]): RaceState {
  let state: RaceState | null = null;
  // One copy for the whole replay: entries then apply in place (a long log replays in linear time).
  for (const e of entries) state = state ? applyEntryInPlace(state, e) : applyEntry(null, e);
  if (!state) throw new ReplayError(1, 'the log is empty');
  return state;
}

export function cloneState(state: RaceState): RaceState {
  return { doc: JSON.parse(JSON.stringify(state.doc)) as RaceDocument, undo: [...state.undo], redo: [...state.redo], changes: new Map(state.changes) };
}

/** The state after `entry`; `state` is null before the first entry. Never mutates its input. */
export function applyEntry(state: RaceState | null, entry: AuditEntry): RaceState {
  return applyEntryInPlace(state ? cloneState(state) : null, entry);
}

/**
 * Applies `entry` to `state`, changing it. On a ReplayError the state may be half-changed: callers that go on
 * after an error replay again up to the entry before.
 */
export function applyEntryInPlace(state: RaceState | null, entry: AuditEntry): RaceState {
  const fail = (reason: string): never => {
    throw new ReplayError(entry.seq, reason);
  };
  if (!isChangeAction(entry.action)) fail(`unknown action "${entry.action}"`);
  const parsed = changePayloads[entry.action as keyof typeof changePayloads].safeParse(entry.payload);
  if (!parsed.success) fail(`payload of "${entry.action}" is malformed`);
  const payload = parsed.data as Record<string, unknown>;

  if (entry.action === 'race.created') {
    if (state) fail('a race can be created only once');
    const p = changePayloads['race.created'].parse(payload);
    const doc: RaceDocument = {
      schema: RACE_SCHEMA,
      schemaVersion: p.schemaVersion,
      id: p.id,
      createdAt: p.createdAt,
      meta: p.meta,
      evidence: p.evidence,
      settings: p.settings,
      competitors: p.competitors,
      marks: [],
      deadHeats: [],
      revision: 1,
      certifications: [],
      amendments: [],
      audit: { head: entry.hash, count: entry.seq },
    };
    if (p.event) doc.event = p.event;
    return { doc, undo: [], redo: [], changes: new Map() };
  }
  if (!state) return fail('the log does not start with race.created');

  const { doc, undo, redo, changes } = state;
  const frozen = doc.certified !== undefined;
  if (frozen && entry.action !== 'race.amended') fail(`"${entry.action}" on a certified race`);

  switch (entry.action) {
    case 'start-list.edited':
    case 'start-list.imported': {
      const imported = entry.action === 'start-list.edited' ? changePayloads['start-list.edited'].parse(payload) : changePayloads['start-list.imported'].parse(payload);
      const next = imported.competitors;
      const dropped = doc.marks.filter((m) => !next.some((c) => c.id === m.competitorId));
      if (dropped.length) fail(`start list drops marked competitor ${dropped[0]?.competitorId}`);
      const droppedStatus = (doc.statuses ?? []).find((st) => !next.some((c) => c.id === st.competitorId));
      if (droppedStatus) fail(`start list drops competitor ${droppedStatus.competitorId}, who has a status`);
      doc.competitors = next;
      if ('event' in imported && imported.event) doc.event = imported.event;
      break;
    }
    case 'competitor.added': {
      const c = changePayloads['competitor.added'].parse(payload).competitor;
      if (doc.competitors.some((x) => x.id === c.id)) fail(`competitor ${c.id} already exists`);
      doc.competitors.push(c);
      break;
    }
    case 'sport.set':
      doc.settings.sport = changePayloads['sport.set'].parse(payload).sport;
      break;
    case 'direction.set':
      doc.settings.direction = changePayloads['direction.set'].parse(payload).direction;
      break;
    case 'mark.placed':
    case 'mark.removed':
    case 'dead-heat.declared':
    case 'dead-heat.withdrawn':
    case 'status.set':
    case 'status.cleared':
    case 'event.set':
    case 'distance.set':
    case 'distance.cleared': {
      const change = (payload as { change: SliceChange }).change;
      applySlice(doc, change, fail);
      undo.push(entry.seq);
      redo.length = 0;
      changes.set(entry.seq, change);
      break;
    }
    case 'undo': {
      const p = changePayloads.undo.parse(payload);
      if (undo[undo.length - 1] !== p.undoes) fail(`undoes entry ${p.undoes}, which is not the last undoable change`);
      const original = changes.get(p.undoes);
      if (!original || canonicalJson(reverseSlice(original)) !== canonicalJson(p.change)) fail(`does not reverse entry ${p.undoes}`);
      applySlice(doc, p.change, fail);
      undo.pop();
      redo.push(p.undoes);
      break;
    }
    case 'redo': {
      const p = changePayloads.redo.parse(payload);
      if (redo[redo.length - 1] !== p.redoes) fail(`redoes entry ${p.redoes}, which is not the last undone change`);
      const original = changes.get(p.redoes);
      if (!original || canonicalJson(original) !== canonicalJson(p.change)) fail(`does not repeat entry ${p.redoes}`);
      applySlice(doc, p.change, fail);
      redo.pop();
      undo.push(p.redoes);
      break;
    }
    case 'race.certified': {
      const c = changePayloads['race.certified'].parse(payload).certification;
      if (c.revision !== doc.revision) fail(`certifies revision ${c.revision} of a race at revision ${doc.revision}`);
      doc.certified = c;
      doc.certifications.push(c);
      // Certification is a line officials sign under: nothing before it can be undone afterwards.
      undo.length = 0;
      redo.length = 0;
      break;
    }
    case 'race.amended': {
      const a = changePayloads['race.amended'].parse(payload).amendment;
      if (!frozen) fail('amends a race that is not certified');
      if (a.revision !== doc.revision + 1) fail(`amendment to revision ${a.revision} of a race at revision ${doc.revision}`);
      delete doc.certified;
      doc.revision = a.revision;
      doc.amendments.push(a);
      undo.length = 0;
      redo.length = 0;
      break;
    }
    case 'start.set':
    case 'start.cleared':
    case 'zero-control.attached':
      applyStartChange(doc, entry.action, payload, fail);
      break;
    default:
      fail(`unhandled action "${entry.action}"`);
  }
  if (UNDOABLE.has(entry.action) && !changes.has(entry.seq)) fail('undoable change without a slice');
  doc.audit = { head: entry.hash, count: entry.seq };
  return state;
}

export function reverseSlice(change: SliceChange): SliceChange {
  return reverseAny(change);
}

function applySlice(doc: RaceDocument, change: SliceChange, fail: (reason: string) => never): void {
  if (change.slice === 'mark') {
    const i = doc.marks.findIndex((m) => m.competitorId === change.competitorId);
    const current = i >= 0 ? doc.marks[i] : null;
    if (canonicalJson(current) !== canonicalJson(change.before)) fail(`mark of ${change.competitorId} is not what the entry expects`);
    if (!doc.competitors.some((c) => c.id === change.competitorId)) fail(`competitor ${change.competitorId} is not on the start list`);
    if (change.after && change.after.competitorId !== change.competitorId) fail('mark belongs to another competitor');
    if (i >= 0) doc.marks.splice(i, 1);
    if (change.after) doc.marks.push(change.after);
    // Keep marks in start-list order so the snapshot does not depend on the order they were placed in.
    const order = new Map(doc.competitors.map((c, k) => [c.id, k]));
    doc.marks.sort((a, b) => (order.get(a.competitorId) ?? 0) - (order.get(b.competitorId) ?? 0));
  } else if (change.slice === 'deadHeats') {
    if (canonicalJson(doc.deadHeats) !== canonicalJson(change.before)) fail('dead heats are not what the entry expects');
    doc.deadHeats = change.after;
  } else applyRecordSlice(doc, change, fail, applySlice);
}
