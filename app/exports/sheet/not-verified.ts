/**
 * A race that says certified but fails its check (NOT VALID), exported on purpose with `--unverified`: every file
 * says NOT VERIFIED where it would say certified, with the first reason. Its `certified` is already null, so nothing
 * prints a certification, a signature or "CERTIFIED".
 */
import type { RaceView } from '../../api/types.js';

export const NOT_VERIFIED = 'NOT VERIFIED';

/** "NOT VALID: <why>" for a race exported unverified; null for every other race. */
export function notValidLine(view: Pick<RaceView, 'integrity'>): string | null {
  return view.integrity?.ok === false ? `NOT VALID: ${view.integrity.problems[0] ?? 'the certification does not hold'}` : null;
}
