/** Checks every command makes before it records anything. */
import { UserError } from '../../errors.js';
import type { Competitor, RaceDocument } from '../document.js';
import type { SimpleSliceChange, SliceChange } from '../changes.js';
import type { CompetitorStatus } from '../status.js';

export function refuseIfCertified(doc: RaceDocument, what: string): void {
  if (doc.certified) {
    throw new UserError(
      `cannot ${what}: the race is certified (revision ${doc.certified.revision}, by ${doc.certified.official}); amend it first`,
      'CONFLICT',
    );
  }
}

export function requireCompetitor(doc: RaceDocument, id: string): Competitor {
  const c = doc.competitors.find((x) => x.id === id);
  if (!c) throw new UserError(`competitor ${id} is not on the start list`, 'NOT_FOUND');
  return c;
}

/** A competitor of a race open for changes, for a change to `what` ("set the status of competitor 7"). */
export function editableCompetitor(doc: RaceDocument, id: string, what: string): Competitor {
  refuseIfCertified(doc, what);
  return requireCompetitor(doc, id);
}

export function statusOf(doc: RaceDocument, id: string): CompetitorStatus | null {
  return doc.statuses?.find((s) => s.competitorId === id) ?? null;
}

/** One decision that changes several slices is one entry: a `several` change, or the single slice itself. */
export function combine(primary: SimpleSliceChange, also: readonly SimpleSliceChange[]): SliceChange {
  return also.length === 0 ? primary : { slice: 'several', changes: [primary, ...also] };
}
