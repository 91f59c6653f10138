/**
 * DNS, DNF and DQ, and racing's own (PU, F, UR, BD, RO, SU, NR: ../status.ts), each only in the sports it belongs
 * to. Every status but DQ is refused while the competitor has a mark (the official removes it first: a competitor
 * cannot both not finish and have a finishing time); a DQ keeps the mark and time for the record, takes no place,
 * and withdraws any dead heat the competitor was in. `--clear` lifts a status.
 */
import { UserError } from '../../errors.js';
import type { Change } from './index.js';
import { STATUS_MEANING, statusesFor, statusKind, type CompetitorStatus, type StatusName } from '../status.js';
import type { RaceState } from '../replay.js';
import { withdrawDeadHeats } from './dead-heat.js';
import { combine, editableCompetitor, statusOf } from './guards.js';

export interface SetStatusRequest {
  competitorId: string;
  status: StatusName;
  rule?: string;
  reason?: string;
  by: string;
  at: string;
}

export function setStatus(state: RaceState, req: SetStatusRequest): Change<'status.set'> {
  const { doc } = state;
  const id = req.competitorId;
  editableCompetitor(doc, id, `set the status of competitor ${id}`);
  const sport = doc.settings.sport.sport;
  if (!statusesFor(sport).some((k) => k.code === req.status)) {
    const kind = statusKind(req.status);
    throw new UserError(`${req.status} (${kind.word}) is a status of ${(kind.sports ?? []).join(' and ')} racing; this race follows ${sport} rules (${statusesFor(sport).map((k) => k.code).join(', ')})`, 'INVALID_ARGUMENT');
  }
  if (req.rule?.trim() && req.status !== 'DQ') throw new UserError(`a rule goes with a disqualification (DQ), not with ${req.status}`, 'INVALID_ARGUMENT');
  const mark = doc.marks.find((m) => m.competitorId === id);
  if (mark && req.status !== 'DQ') {
    const who = req.status === 'DNS' || req.status === 'DNF' ? `who ${STATUS_MEANING[req.status]}` : `recorded ${req.status} (${STATUS_MEANING[req.status]})`;
    throw new UserError(`competitor ${id} has a mark; a competitor ${who} has none: remove the mark first`, 'CONFLICT');
  }
  const before = statusOf(doc, id);
  const after: CompetitorStatus = { competitorId: id, status: req.status, by: req.by, at: req.at };
  if (req.rule?.trim()) after.rule = req.rule.trim();
  if (req.reason?.trim()) after.reason = req.reason.trim();
  const withdrawals =
    req.status === 'DQ' ? withdrawDeadHeats(doc, (dh) => (dh.competitors.includes(id) ? `#${id} was disqualified` : null), req.by, req.at) : [];
  return { action: 'status.set', payload: { change: combine({ slice: 'status', competitorId: id, before, after }, withdrawals) } };
}

export function clearStatus(state: RaceState, competitorId: string): Change<'status.cleared'> {
  const { doc } = state;
  editableCompetitor(doc, competitorId, `clear the status of competitor ${competitorId}`);
  const before = statusOf(doc, competitorId);
  if (!before) throw new UserError(`competitor ${competitorId} has no status to clear`, 'NOT_FOUND');
  return { action: 'status.cleared', payload: { change: { slice: 'status', competitorId, before, after: null } } };
}
