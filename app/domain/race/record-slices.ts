/**
 * Applying and reversing the slices of the official record (statuses, the event, withdrawn dead heats) and the
 * compound `several` change; marks and dead heats are applied in replay.ts. Each slice says what it expects to
 * find (`before`): anything else makes the log inconsistent.
 */
import { canonicalJson } from '../audit/canonical.js';
import type { SimpleSliceChange, SliceChange } from './changes.js';
import type { RaceDocument } from './document.js';

type Fail = (reason: string) => never;
type Apply = (doc: RaceDocument, change: SliceChange, fail: Fail) => void;
type OtherSlice = Exclude<SliceChange, { slice: 'mark' | 'deadHeats' }>;

export function applyRecordSlice(doc: RaceDocument, change: OtherSlice, fail: Fail, apply: Apply): void {
  switch (change.slice) {
    case 'status': {
      const list = doc.statuses ?? [];
      const i = list.findIndex((s) => s.competitorId === change.competitorId);
      if (canonicalJson(i >= 0 ? list[i] : null) !== canonicalJson(change.before)) fail(`status of ${change.competitorId} is not what the entry expects`);
      if (!doc.competitors.some((c) => c.id === change.competitorId)) fail(`competitor ${change.competitorId} is not on the start list`);
      if (change.after && change.after.competitorId !== change.competitorId) fail('status belongs to another competitor');
      const next = list.filter((s) => s.competitorId !== change.competitorId);
      if (change.after) next.push(change.after);
      const order = new Map(doc.competitors.map((c, k) => [c.id, k]));
      next.sort((a, b) => (order.get(a.competitorId) ?? 0) - (order.get(b.competitorId) ?? 0));
      // Absent rather than empty, so a race that never had a status keeps the snapshot it always had.
      if (next.length) doc.statuses = next;
      else delete doc.statuses;
      break;
    }
    case 'event':
      if (canonicalJson(doc.event ?? null) !== canonicalJson(change.before)) fail('the event is not what the entry expects');
      if (change.after) doc.event = change.after;
      else delete doc.event;
      break;
    case 'withdrawnDeadHeats':
      if (canonicalJson(doc.withdrawnDeadHeats ?? []) !== canonicalJson(change.before)) fail('withdrawn dead heats are not what the entry expects');
      if (change.after.length) doc.withdrawnDeadHeats = change.after;
      else delete doc.withdrawnDeadHeats;
      break;
    case 'several':
      for (const c of change.changes) apply(doc, c, fail);
      break;
  }
}

/** Every simple slice is `before` → `after` (plus the competitor it concerns): reversing swaps the two. */
export function reverseSimple(change: SimpleSliceChange): SimpleSliceChange {
  return { ...change, before: change.after, after: change.before } as SimpleSliceChange;
}

export function reverseAny(change: SliceChange): SliceChange {
  return change.slice === 'several' ? { slice: 'several', changes: [...change.changes].reverse().map(reverseSimple) } : reverseSimple(change);
}
