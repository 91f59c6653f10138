/**
 * Filling a message's slots where a value may be missing (a horse that is not the winner has no published time; an
 * official's name or a reason may be empty): every message reads as a sentence, never "the time  was typed in".
 */
import { ticksToDecimalSeconds } from '../time/ticks.js';

/** Who did it: the official's name, or "an official" where none was recorded. */
export const official = (by: string | null | undefined): string => by?.trim() || 'an official';

/** ": reason", or nothing where no reason was given. */
export const reasonAfter = (reason: string | null | undefined, sep = ': '): string => (reason?.trim() ? `${sep}${reason.trim()}` : '');

/** The time a message names: the published one, else the reading ("12.34 s"), else nothing ("the time"). */
export function timeWords(display: string | undefined, ns: string | null | undefined): string {
  if (display) return display;
  return ns ? `${ticksToDecimalSeconds(BigInt(ns))} s` : '';
}
