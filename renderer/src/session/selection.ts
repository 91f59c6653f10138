/**
 * Selection slice: the competitor being marked, chosen by click, J/K or by typing its number (digits collect for a
 * moment, then select; Enter selects at once).
 */
import { showNotice } from './notices.js';
import { session, setSlice, type SessionState } from './state.js';

export const selectSelectedId = (s: SessionState) => s.selection.competitorId;
export const selectTyped = (s: SessionState) => s.selection.typed;

/** How long typed digits wait for the next one before they select. */
const TYPING_PAUSE_MS = 700;
/** Longest competitor number kept while typing. */
const MAX_DIGITS = 6;

export function selectCompetitor(id: string | null): void {
  setSlice('selection', { competitorId: id });
}

/** The next (+1) or previous (−1) competitor in start-list order, wrapping around. */
export function selectNextCompetitor(step: 1 | -1): void {
  const ids = session.get().race.view?.competitors.map((c) => c.id) ?? [];
  if (ids.length === 0) return;
  const current = session.get().selection.competitorId;
  const i = current ? ids.indexOf(current) : -1;
  selectCompetitor(ids[step === 1 ? (i + 1) % ids.length : (i - 1 + ids.length) % ids.length] as string);
}

let typingTimer: ReturnType<typeof setTimeout> | undefined;

/** A digit typed in the workspace: selects the competitor with that number once typing pauses. */
export function typeDigit(digit: string): void {
  const typed = (session.get().selection.typed + digit).slice(-MAX_DIGITS);
  setSlice('selection', { typed });
  clearTimeout(typingTimer);
  typingTimer = setTimeout(finishTyping, TYPING_PAUSE_MS);
}

/** Selects the competitor whose number was typed (leading zeros aside). False when nothing was being typed. */
export function finishTyping(): boolean {
  return finishTypingAs() !== 'nothing';
}

/** As finishTyping, saying whether the number named a competitor ('selected') or not ('unknown'). */
export function finishTypingAs(): 'nothing' | 'selected' | 'unknown' {
  clearTimeout(typingTimer);
  const typed = session.get().selection.typed;
  if (!typed) return 'nothing';
  const competitors = session.get().race.view?.competitors ?? [];
  const hit = competitors.find((c) => c.id === typed) ?? competitors.find((c) => c.id.replace(/^0+/, '') === typed.replace(/^0+/, ''));
  session.set((s) => ({ selection: { typed: '', competitorId: hit ? hit.id : s.selection.competitorId } }));
  if (!hit) showNotice(`No competitor number ${typed} in the start list.`);
  return hit ? 'selected' : 'unknown';
}
