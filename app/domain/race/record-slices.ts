/**
 * Applying and reversing the slices of the official record (statuses, the event, withdrawn dead heats, a judge's
 * distances) and the
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
    case 'status':
      doc.statuses = perCompetitor(doc, doc.statuses, change, 'status', fail);
      if (!doc.statuses) delete doc.statuses;
      break;
    case 'distance':
      doc.distanceOverrides = perCompetitor(doc, doc.distanceOverrides, change, 'distance', fail);
      if (!doc.distanceOverrides) delete doc.distanceOverrides;
      break;
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
/**
 * A list holding at most one entry per competitor (statuses, distance overrides), in start-list order; undefined
 * when it empties, so a race that never had one keeps the snapshot it always had.
 */
function perCompetitor<T extends { competitorId: string }>(
  doc: RaceDocument,
  list: readonly T[] | undefined,
  change: { competitorId: string; before: T | null; after: T | null },
  what: string,
  fail: Fail,
): T[] | undefined {
  const current = list ?? [];
  const i = current.findIndex((s) => s.competitorId === change.competitorId);
  if (canonicalJson(i >= 0 ? current[i] : null) !== canonicalJson(change.before)) fail(`${what} of ${change.competitorId} is not what the entry expects`);
  if (!doc.competitors.some((c) => c.id === change.competitorId)) fail(`competitor ${change.competitorId} is not on the start list`);
  if (change.after && change.after.competitorId !== change.competitorId) fail(`${what} belongs to another competitor`);
  const next = current.filter((s) => s.competitorId !== change.competitorId);
  if (change.after) next.push(change.after);
  const order = new Map(doc.competitors.map((c, k) => [c.id, k]));
  next.sort((a, b) => (order.get(a.competitorId) ?? 0) - (order.get(b.competitorId) ?? 0));
  return next.length ? next : undefined;
}

export function reverseSimple(change: SimpleSliceChange): SimpleSliceChange {
  return { ...change, before: change.after, after: change.before } as SimpleSliceChange;
}

export function reverseAny(change: SliceChange): SliceChange {
  return change.slice === 'several' ? { slice: 'several', changes: [...change.changes].reverse().map(reverseSimple) } : reverseSimple(change);
}
