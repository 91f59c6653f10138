/**
 * The official record's notes on a sheet: who did not start or finish and who was disqualified (the rule, the
 * reason, the official), dead heats that were withdrawn and why, and the rule checks, which an official certifying
 * anyway has signed under (printed here only, once each), and any distance the judge set in place of the computed one.
 */
import type { RaceView } from '../../api/types.js';
import { STATUS_MEANING } from '../../domain/race/status.js';
import { official, reasonAfter } from '../../domain/results/message-slots.js';

/** Checks the sheet's other notes already state in full (notes.ts, and the withdrawals above). */
const SAID_ELSEWHERE = new Set(['dead-heat-withdrawn', 'typed-time', 'time-across-gap']);

const listed = (ids: readonly string[]) => ids.map((c) => `#${c}`).join(' and ');

export function recordNotes(view: RaceView): string[] {
  const notes: string[] = [];
  for (const o of view.results.others) {
    if (o.status === 'unmarked') continue;
    const who = o.name ? `#${o.competitor} ${o.name}` : `#${o.competitor}`;
    const rule = o.rule ? ` under rule ${o.rule}` : '';
    const time = o.time_display ? `; time ${o.time_display} kept for the record, no place` : '';
    notes.push(`${who}: ${o.status}, ${STATUS_MEANING[o.status]}${rule}${o.reason ? ` (${o.reason})` : ''}, recorded by ${official(o.by)}${time}.`);
  }
  for (const f of view.results.finishers) {
    const j = f.judge_distance;
    if (j) notes.push(`#${f.competitor}${f.name ? ` ${f.name}` : ''}: distance ${f.lengths_display || 'shown'} set by the judge ${official(j.by)}${j.computed ? ` (the scale gave ${j.computed})` : ''}${reasonAfter(j.reason)}.`);
  }
  for (const w of view.withdrawnDeadHeats) {
    notes.push(`Dead heat between ${listed(w.competitors)} (declared by ${official(w.declaredBy)}) withdrawn by ${official(w.by)}${reasonAfter(w.reason)}.`);
  }
  for (const c of view.results.checks) {
    if (SAID_ELSEWHERE.has(c.code)) continue;
    notes.push(`${c.severity === 'error' ? 'CHECK FAILED' : 'Check'}: ${c.message.replace(/\.$/, '')}.`);
  }
  return notes;
}
