/**
 * Dead heats: declared by an official where the marks support it (see results/dead-heat-rule.ts), withdrawn by
 * an official, or withdrawn with the change that makes the marks stop supporting it (a mark moved or removed, a
 * competitor disqualified), so a wrong order can never be certified under an old decision. Every withdrawal is
 * kept with its reason for the result's notes.
 */
import { UserError } from '../../errors.js';
import { deadHeatRefusal, joinDeadHeats } from '../../results/dead-heat-rule.js';
import { zeroOf } from '../../start/start-record.js';
import type { Ticks } from '../../time/ticks.js';
import type { Change } from './index.js';
import type { SimpleSliceChange } from '../changes.js';
import type { WithdrawnDeadHeat } from '../dead-heat-withdrawal.js';
import type { DeadHeat, Mark, RaceDocument } from '../document.js';
import type { RaceState } from '../replay.js';
import { refuseIfCertified, requireCompetitor, statusOf } from './guards.js';

const list = (ids: readonly string[]) => ids.map((c) => `#${c}`).join(' and ');

/**
 * Records an official's dead-heat decision. One that overlaps a declared dead heat (shares a competitor with it)
 * joins it into one group where the marks support every member of the union (all inseparable by the rule);
 * otherwise it is refused naming the existing one, never dissolving it silently (withdraw it first).
 */
export function declareDeadHeat(state: RaceState, times: readonly Ticks[], ids: string[], by: string, at: string): Change<'dead-heat.declared'> {
  const { doc } = state;
  const unique = [...new Set(ids)];
  refuseIfCertified(doc, 'declare a dead heat');
  if (unique.length < 2) throw new UserError('a dead heat needs at least two different competitors', 'INVALID_ARGUMENT');
  const markOf = (id: string): Mark => {
    requireCompetitor(doc, id);
    const mark = doc.marks.find((m) => m.competitorId === id);
    if (!mark) throw new UserError(`competitor ${id} has no mark; mark every competitor of a dead heat first`, 'CONFLICT');
    if (statusOf(doc, id)?.status === 'DQ') throw new UserError(`competitor ${id} is disqualified and takes no place; a dead heat shares a place`, 'CONFLICT');
    return mark;
  };
  const marks = unique.map(markOf);
  const refusal = deadHeatRefusal(doc.settings.sport.sport, marks, times, zeroOf(doc));
  if (refusal) throw new UserError(`no dead heat between ${list(unique)}: ${refusal}`, 'CONFLICT');
  const join = joinDeadHeats(doc.settings.sport.sport, doc.deadHeats, unique, markOf, times, zeroOf(doc));
  if (join.refusal) throw new UserError(join.refusal, 'CONFLICT');
  const kept = doc.deadHeats.filter((dh) => !join.overlapping.includes(dh));
  const after: DeadHeat[] = [...kept, { competitors: join.members, by, at }];
  return { action: 'dead-heat.declared', payload: { change: { slice: 'deadHeats', before: doc.deadHeats, after } } };
}

/** The official withdraws the declared dead heat these competitors are in (all of them in the same one). */
export function withdrawDeadHeat(state: RaceState, ids: string[], by: string, at: string, reason?: string): Change<'dead-heat.withdrawn'> {
  const { doc } = state;
  const unique = [...new Set(ids)];
  refuseIfCertified(doc, 'withdraw a dead heat');
  for (const id of unique) requireCompetitor(doc, id);
  const target = doc.deadHeats.find((dh) => unique.every((id) => dh.competitors.includes(id)));
  if (!target) {
    const declared = doc.deadHeats.map((dh) => list(dh.competitors)).join('; ');
    throw new UserError(`no dead heat is declared between ${list(unique)}${declared ? ` (declared: ${declared})` : ' (none is declared)'}`, 'NOT_FOUND');
  }
  const why = reason?.trim() ? reason.trim() : 'no reason given';
  const changes = withdrawDeadHeats(doc, (dh) => (dh === target ? why : null), by, at);
  return { action: 'dead-heat.withdrawn', payload: { change: { slice: 'several', changes } } };
}

/**
 * The slice changes that withdraw every dead heat `reasonFor` gives a reason for (none: nothing to change). The
 * withdrawn ones are kept, with who and why, in `withdrawnDeadHeats`.
 */
export function withdrawDeadHeats(doc: RaceDocument, reasonFor: (dh: DeadHeat) => string | null, by: string, at: string): SimpleSliceChange[] {
  const withdrawn: WithdrawnDeadHeat[] = [];
  const kept: DeadHeat[] = [];
  for (const dh of doc.deadHeats) {
    const reason = reasonFor(dh);
    if (reason === null) kept.push(dh);
    else withdrawn.push({ competitors: dh.competitors, declaredBy: dh.by, declaredAt: dh.at, by, at, reason });
  }
  if (withdrawn.length === 0) return [];
  const before = doc.withdrawnDeadHeats ?? [];
  return [
    { slice: 'deadHeats', before: doc.deadHeats, after: kept },
    { slice: 'withdrawnDeadHeats', before, after: [...before, ...withdrawn] },
  ];
}

/**
 * The dead heats that competitor `id`'s new mark (null: removed) no longer supports, withdrawn: a dead heat stands
 * only while the marks support it.
 */
export function withdrawalsForMark(doc: RaceDocument, times: readonly Ticks[], id: string, next: Mark | null, by: string, at: string): SimpleSliceChange[] {
  return withdrawDeadHeats(
    doc,
    (dh) => {
      if (!dh.competitors.includes(id)) return null;
      if (next === null) return `the mark of #${id} was removed`;
      const marks = dh.competitors.map((c) => (c === id ? next : doc.marks.find((m) => m.competitorId === c))).filter((m): m is Mark => m !== undefined);
      const refusal = marks.length >= 2 ? deadHeatRefusal(doc.settings.sport.sport, marks, times, zeroOf(doc)) : 'fewer than two of its competitors have a mark';
      return refusal === null ? null : `the mark of #${id} was moved: ${refusal}`;
    },
    by,
    at,
  );
}
