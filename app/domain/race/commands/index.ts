/**
 * What officials ask for, turned into the audit entry that records it, or refused with a one-line reason. Each
 * function sees the state the log proves and returns `{ action, payload }`; the store seals and appends it and
 * the replay applies it, so the check here and the effect there can never disagree about what happened.
 */
import { UserError } from '../../errors.js';
import { mergeEvent, type EventPatch } from '../../event/race-event.js';
import { checkMilliColumn } from '../../time/column-time.js';
import { sportProfile } from '../../sports/profiles.js';
import { ticksToDecimalSeconds } from '../../time/ticks.js';
import type { ChangeAction, ChangePayload } from '../changes.js';
import type { Certification, Competitor, Mark, MarkPosition, SportSettings } from '../document.js';
import { reverseSlice, type RaceState } from '../replay.js';
import { withdrawalsForMark } from './dead-heat.js';
import { combine, refuseIfCertified, requireCompetitor, statusOf } from './guards.js';
import { STATUS_MEANING } from '../status.js';

export { declareDeadHeat, withdrawDeadHeat } from './dead-heat.js';
export { clearStatus, setStatus } from './status.js';
export { setEvent } from './event.js';
export { clearDistance, setDistance } from './distance.js';
import { zeroOf } from '../../start/start-record.js';

export interface Change<A extends ChangeAction = ChangeAction> {
  action: A;
  payload: ChangePayload<A>;
}

/** `fromFile`: what the file says of the event (a lynx.evt's number, round, heat and name), filled into the race's. */
export function importStartList(state: RaceState, file: string, sha256: string, competitors: Competitor[], fromFile?: EventPatch): Change<'start-list.imported'> {
  refuseIfCertified(state.doc, 'change the start list');
  const missing = state.doc.marks.filter((m) => !competitors.some((c) => c.id === m.competitorId)).map((m) => m.competitorId);
  if (missing.length) {
    throw new UserError(`${file}: leaves out competitor${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, who already ha${missing.length > 1 ? 've' : 's'} a mark; remove the mark first`, 'CONFLICT');
  }
  const withStatus = (state.doc.statuses ?? []).filter((st) => !competitors.some((c) => c.id === st.competitorId)).map((st) => `${st.competitorId} (${st.status})`);
  if (withStatus.length) throw new UserError(`${file}: leaves out competitor ${withStatus.join(', ')}, who has a status; clear it first`, 'CONFLICT');
  const event = fromFile ? mergeEvent(state.doc.event, fromFile) : undefined;
  return { action: 'start-list.imported', payload: { file, sha256, competitors, ...(event ? { event } : {}) } };
}

/**
 * The start list as edited in the app's table: the whole list after the edit. Ids must be unique; a competitor
 * with a mark or a status stays (remove those first), as for an imported file.
 */
export function editStartList(state: RaceState, competitors: Competitor[]): Change<'start-list.edited'> {
  refuseIfCertified(state.doc, 'change the start list');
  const seen = new Set<string>();
  for (const c of competitors) {
    if (seen.has(c.id)) throw new UserError(`the start list has competitor ${c.id} twice`, 'CONFLICT');
    seen.add(c.id);
  }
  const kept = (id: string) => seen.has(id);
  const marked = state.doc.marks.filter((m) => !kept(m.competitorId)).map((m) => m.competitorId);
  if (marked.length) throw new UserError(`competitor ${marked.join(', ')} has a mark: remove the mark before removing the competitor`, 'CONFLICT');
  const withStatus = (state.doc.statuses ?? []).filter((st) => !kept(st.competitorId)).map((st) => `${st.competitorId} (${st.status})`);
  if (withStatus.length) throw new UserError(`competitor ${withStatus.join(', ')} has a status: clear it before removing the competitor`, 'CONFLICT');
  return { action: 'start-list.edited', payload: { competitors } };
}

export function addCompetitor(state: RaceState, competitor: Competitor): Change<'competitor.added'> {
  refuseIfCertified(state.doc, 'add a competitor');
  if (state.doc.competitors.some((c) => c.id === competitor.id)) throw new UserError(`competitor ${competitor.id} is already on the start list`, 'CONFLICT');
  return { action: 'competitor.added', payload: { competitor } };
}

export function setSport(state: RaceState, sport: SportSettings): Change<'sport.set'> {
  refuseIfCertified(state.doc, 'change the sport');
  sportProfile(sport); // refuses bad lengths-per-second settings before they are recorded
  if (sport.distanceTable) {
    if (!sport.distanceTable.some((d) => d.lengths > 0)) throw new UserError('the distance table needs at least one distance above 0 lengths', 'INVALID_ARGUMENT');
    const names = new Set<string>();
    for (const d of sport.distanceTable) {
      if (names.has(d.name)) throw new UserError(`the distance table names "${d.name}" twice`, 'INVALID_ARGUMENT');
      if (!Number.isFinite(d.lengths) || d.lengths > 1000) throw new UserError(`distance "${d.name}": ${d.lengths} lengths is not a sensible value`, 'INVALID_ARGUMENT');
      names.add(d.name);
    }
  }
  return { action: 'sport.set', payload: { sport } };
}

export function setDirection(state: RaceState, direction: 'ltr' | 'rtl'): Change<'direction.set'> {
  refuseIfCertified(state.doc, 'change the direction');
  return { action: 'direction.set', payload: { direction } };
}

export interface PlaceMarkRequest {
  competitorId: string;
  position: MarkPosition;
  origin: Mark['origin'];
  suggestion?: Mark['suggestion'];
  by: string;
  at: string;
}

export function placeMark(state: RaceState, times: readonly bigint[], req: PlaceMarkRequest): Change<'mark.placed'> {
  const { doc } = state;
  refuseIfCertified(doc, `mark competitor ${req.competitorId}`);
  requireCompetitor(doc, req.competitorId);
  const status = statusOf(doc, req.competitorId);
  if (status && status.status !== 'DQ') {
    throw new UserError(`competitor ${req.competitorId} is recorded ${status.status} (${STATUS_MEANING[status.status]}); clear the status before marking`, 'CONFLICT');
  }
  if (req.position.kind === 'column') checkMilliColumn(times, req.position.milliColumn);
  else if (req.origin !== 'typed' && req.origin !== 'hand') {
    // A time read off the picture must lie on it; a time from elsewhere is keyed in, and flagged as such.
    const t = BigInt(req.position.ns);
    const first = times[0];
    const last = times[times.length - 1];
    if (first === undefined || last === undefined || t < first || t > last) {
      throw new UserError(`time ${ticksToDecimalSeconds(t - zeroOf(doc))} s is outside the recording; a time not read from the image must be marked as typed`, 'INVALID_ARGUMENT');
    }
  }
  const before = doc.marks.find((m) => m.competitorId === req.competitorId) ?? null;
  const after: Mark = { competitorId: req.competitorId, position: req.position, origin: req.origin, by: req.by, at: req.at };
  if (req.suggestion) after.suggestion = req.suggestion;
  const withdrawals = withdrawalsForMark(doc, times, req.competitorId, after, req.by, req.at);
  return { action: 'mark.placed', payload: { change: combine({ slice: 'mark', competitorId: req.competitorId, before, after }, withdrawals) } };
}

export function removeMark(state: RaceState, times: readonly bigint[], competitorId: string, by: string, at: string): Change<'mark.removed'> {
  const { doc } = state;
  refuseIfCertified(doc, `unmark competitor ${competitorId}`);
  requireCompetitor(doc, competitorId);
  const before = doc.marks.find((m) => m.competitorId === competitorId);
  if (!before) throw new UserError(`competitor ${competitorId} has no mark to remove`, 'NOT_FOUND');
  const withdrawals = withdrawalsForMark(doc, times, competitorId, null, by, at);
  return { action: 'mark.removed', payload: { change: combine({ slice: 'mark', competitorId, before, after: null }, withdrawals) } };
}

export function undo(state: RaceState): Change<'undo'> {
  refuseIfCertified(state.doc, 'undo');
  const seq = state.undo[state.undo.length - 1];
  const change = seq === undefined ? undefined : state.changes.get(seq);
  if (seq === undefined || !change) throw new UserError('nothing to undo', 'CONFLICT');
  return { action: 'undo', payload: { undoes: seq, change: reverseSlice(change) } };
}

export function redo(state: RaceState): Change<'redo'> {
  refuseIfCertified(state.doc, 'redo');
  const seq = state.redo[state.redo.length - 1];
  const change = seq === undefined ? undefined : state.changes.get(seq);
  if (seq === undefined || !change) throw new UserError('nothing to redo', 'CONFLICT');
  return { action: 'redo', payload: { redoes: seq, change } };
}

export function certify(
  state: RaceState,
  args: { official: string; role: string; at: string; manifestSha256: string; resultsSha256: string; resultsRules: number; errors?: readonly { code: string; message: string }[] },
): Change<'race.certified'> {
  const { doc } = state;
  if (doc.certified) throw new UserError(`the race is already certified (revision ${doc.certified.revision}, by ${doc.certified.official})`, 'CONFLICT');
  if (doc.marks.length === 0) throw new UserError('cannot certify a race without any marks', 'CONFLICT');
  // The rule checks that stop certification (results/checks.ts): nobody goes missing from an official result.
  if (args.errors?.length) {
    const unaccounted = args.errors.some((e) => e.code === 'unaccounted');
    throw new UserError(`cannot certify: ${args.errors.map((e) => e.message).join('; ')}`, 'CONFLICT', unaccounted ? { hint: 'account-for-competitors' } : {});
  }
  const certification: Certification = {
    revision: doc.revision,
    official: args.official,
    role: args.role,
    at: args.at,
    manifestSha256: args.manifestSha256,
    resultsSha256: args.resultsSha256,
    resultsRules: args.resultsRules,
    auditHead: doc.audit.head,
  };
  return { action: 'race.certified', payload: { certification } };
}

export function amend(state: RaceState, by: string, reason: string, at: string): Change<'race.amended'> {
  const { doc } = state;
  if (!doc.certified) throw new UserError('only a certified race can be amended; it is open for changes already', 'CONFLICT');
  return { action: 'race.amended', payload: { amendment: { revision: doc.revision + 1, by, reason, at } } };
}

