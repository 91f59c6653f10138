/**
 * The one read-only rule: a certified race takes no edits until it is amended. Every refusal of an edit to a
 * certified race is worded here.
 */
import type { LeanRaceView } from '../../../app/api/types.js';

/** What an edit is, as the refusal words it: "Use Amend to …". */
export type Edit =
  | 'change marks'
  | 'change the display direction'
  | 'change the start list'
  | 'change the sport'
  | 'declare a dead heat'
  | 'withdraw a dead heat'
  | 'change the event'
  | 'record a status'
  | 'change the start'
  | 'clear the start'
  | 'attach a zero-control report';

/** Why a certified race refuses an edit, or null while the race is open for changes. */
export function readOnlyRefusal(race: Pick<LeanRaceView, 'certified'> | null, edit: Edit): string | null {
  return race?.certified ? `This race is certified and read-only. Use Amend to ${edit}.` : null;
}
