/**
 * Suggestions slice: the leading edges detection suggested, drawn as ghost hairlines until accepted or hidden, and
 * the one being paired (`current`): type a competitor's number and press Enter to mark that competitor there.
 */
import { officialName } from './official.js';
import { competitorToMark, placeFor } from './marks.js';
import { showError, showNotice } from './notices.js';
import { nextUnaccepted } from './placement.js';
import { api } from './race.js';
import { session, setSlice, type SessionState } from './state.js';

export const selectSuggestions = (s: SessionState) => s.suggestions.edges;
export const selectCurrentSuggestion = (s: SessionState) => s.suggestions.current;

/** Puts detected edges on screen, the earliest one nobody has accepted chosen for pairing. */
function showEdges(edges: SessionState['suggestions']['edges']): void {
  const race = session.get().race.view;
  setSlice('suggestions', { edges, current: race ? nextUnaccepted(race, edges.map((e) => e.index), null) : null });
}

/** Shows the suggested leading edges, or hides them where they are shown (the button and S toggle). */
export async function suggestEdges(): Promise<void> {
  const r = session.get().race.view;
  if (!r) return;
  if (session.get().suggestions.edges.length > 0) {
    session.set((s) => ({ suggestions: { edges: [], current: null }, notices: { ...s.notices, notice: null } }));
    return;
  }
  showNotice('Looking for leading edges…');
  try {
    const { edges } = await api().detectEdges({ raceId: r.raceId });
    showEdges(edges);
    showNotice(
      edges.length
        ? `${edges.length} suggested edge${edges.length === 1 ? '' : 's'} shown as dashed ghost lines (S1 is the earliest). Type a competitor's number and press Enter to mark it at the chosen one (N / P: next / previous).`
        : 'No leading edges found: place the marks by hand.',
    );
  } catch (err) {
    showError(err);
  }
}

/**
 * A race built with its suggestions stored shows them as soon as it opens (reading them back costs a file read).
 * Called once per race put on screen; a race built without them waits for S.
 */
export async function showStoredSuggestions(): Promise<void> {
  const r = session.get().race.view;
  if (!r?.evidence.suggestions || session.get().suggestions.edges.length > 0) return;
  try {
    const { edges } = await api().detectEdges({ raceId: r.raceId });
    // Still the same race, and nobody hid or showed them meanwhile.
    if (session.get().race.view?.raceId === r.raceId && session.get().suggestions.edges.length === 0) showEdges(edges);
  } catch (err) {
    showError(err);
  }
}

/** Chooses the suggestion to pair (the viewer centres on it where the caller wants). */
export function chooseSuggestion(index: number | null): void {
  setSlice('suggestions', { current: index });
}

/** The next (+1) or previous (−1) suggestion in time order, wrapping round. Returns its column, or null. */
export function stepSuggestion(step: 1 | -1): number | null {
  const { edges, current } = session.get().suggestions;
  if (edges.length === 0) {
    showNotice('No suggestions shown. Press S to look for leading edges.');
    return null;
  }
  const sorted = [...edges].sort((a, b) => a.index - b.index);
  const i = sorted.findIndex((e) => e.index === current);
  const next = sorted[i < 0 ? (step === 1 ? 0 : sorted.length - 1) : (i + step + sorted.length) % sorted.length]!;
  setSlice('suggestions', { current: next.index });
  return next.column;
}

/** Marks the selected competitor at suggestion `index` (asking first if that would move an existing mark). */
export async function acceptSuggestion(index: number): Promise<void> {
  const competitorId = competitorToMark();
  if (!competitorId) return;
  if (await placeFor(competitorId, { suggestion: index })) {
    showNotice(`#${competitorId} marked at suggested edge S${index + 1}, accepted by ${officialName() ?? 'you'}.`);
  }
}

/** Pairing: the number just typed goes to the suggestion being paired. False when none is. */
export function acceptCurrentFor(): boolean {
  const { edges, current } = session.get().suggestions;
  if (edges.length === 0 || current === null || !edges.some((e) => e.index === current)) return false;
  void acceptSuggestion(current);
  return true;
}
