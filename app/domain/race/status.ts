/**
 * Competitors who take no place, in one list every face reads (the schema, the CLI's `status --code`, the app's
 * status dialog and menu, the sheet's notes, the place column of every export):
 *   every sport  DNS (did not start), DNF (did not finish), DQ (disqualified, with the rule);
 *   horse racing PU pulled up, F fell, UR unseated rider, BD brought down, RO ran out, SU slipped up, NR non-runner
 *                (the abbreviations British racing's results print, and FinishLynx's place column carries);
 *   greyhounds   F fell, DQ disqualified (the greyhound racing word for it).
 * A competitor so recorded has no mark while the status stands, except a DQ: disqualified after finishing, the mark
 * and time stay for the record but the place is lost. FinishLynx writes the code in the place column of a `.lif`,
 * and so does every export here.
 */
import { z } from 'zod';
import type { SportName } from '../sports/sport-list.js';

export const STATUS_CODES = ['DNS', 'DNF', 'DQ', 'PU', 'F', 'UR', 'BD', 'RO', 'SU', 'NR'] as const;
export const statusName = z.enum(STATUS_CODES);
export type StatusName = z.infer<typeof statusName>;

export interface StatusKind {
  code: StatusName;
  /** The word the sheet prints beside the code. */
  word: string;
  /** The sports it applies to (all where absent). */
  sports?: readonly SportName[];
  /** Where it is listed among the unplaced: those who started and did not finish, the disqualified, non-starters. */
  group: 'not-finished' | 'disqualified' | 'not-started';
}

export const STATUS_KINDS: readonly StatusKind[] = Object.freeze([
  { code: 'DNS', word: 'did not start', group: 'not-started' },
  { code: 'DNF', word: 'did not finish', group: 'not-finished' },
  { code: 'DQ', word: 'disqualified', group: 'disqualified' },
  { code: 'PU', word: 'pulled up', sports: ['horse'], group: 'not-finished' },
  { code: 'F', word: 'fell', sports: ['horse', 'greyhound'], group: 'not-finished' },
  { code: 'UR', word: 'unseated rider', sports: ['horse'], group: 'not-finished' },
  { code: 'BD', word: 'brought down', sports: ['horse'], group: 'not-finished' },
  { code: 'RO', word: 'ran out', sports: ['horse'], group: 'not-finished' },
  { code: 'SU', word: 'slipped up', sports: ['horse'], group: 'not-finished' },
  { code: 'NR', word: 'non-runner', sports: ['horse'], group: 'not-started' },
] satisfies StatusKind[]);

/** What the status words mean, for notes and help. */
export const STATUS_MEANING: Record<StatusName, string> = Object.fromEntries(STATUS_KINDS.map((k) => [k.code, k.word])) as Record<StatusName, string>;

export function statusKind(code: StatusName): StatusKind {
  return STATUS_KINDS.find((k) => k.code === code) as StatusKind;
}

/** The statuses a sport offers, in the list's order. */
export function statusesFor(sport: string): StatusKind[] {
  return STATUS_KINDS.filter((k) => !k.sports || (k.sports as readonly string[]).includes(sport));
}

/** "PU" or "pu" → "PU"; null for a code the list does not hold. */
export function parseStatusCode(text: string): StatusName | null {
  const t = text.trim().toUpperCase();
  return (STATUS_CODES as readonly string[]).includes(t) ? (t as StatusName) : null;
}

export const competitorStatus = z.object({
  competitorId: z.string(),
  status: statusName,
  /** DQ: the rule broken ("TR 17.3.1"). */
  rule: z.string().max(200).optional(),
  reason: z.string().max(2000).optional(),
  by: z.string(),
  at: z.string(),
});
export type CompetitorStatus = z.infer<typeof competitorStatus>;
