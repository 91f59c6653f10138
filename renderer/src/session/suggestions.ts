/** Suggestions slice: the leading edges detection suggested, drawn as ghost hairlines until accepted or hidden. */
import { officialName } from './official.js';
import { competitorToMark } from './marks.js';
import { showError, showNotice } from './notices.js';
import { api, change } from './race.js';
import { session, setSlice, type SessionState } from './state.js';

export const selectSuggestions = (s: SessionState) => s.suggestions.edges;

/** Shows the suggested leading edges, or hides them where they are shown (the button and S toggle). */
export async function suggestEdges(): Promise<void> {
  const r = session.get().race.view;
  if (!r) return;
  if (session.get().suggestions.edges.length > 0) {
    session.set((s) => ({ suggestions: { edges: [] }, notices: { ...s.notices, notice: null } }));
    return;
  }
  showNotice('Looking for leading edges…');
  try {
    const { edges } = await api().detectEdges({ raceId: r.raceId });
    setSlice('suggestions', { edges });
    showNotice(
      edges.length
        ? `${edges.length} suggested edge${edges.length === 1 ? '' : 's'} shown as dashed ghost lines (S1 is the earliest). Select a competitor, then accept one from the toolbar list or press A at the hairline.`
        : 'No leading edges found: place the marks by hand.',
    );
  } catch (err) {
    showError(err);
  }
}

export async function acceptSuggestion(index: number): Promise<void> {
  const competitorId = competitorToMark();
  if (!competitorId) return;
  const ok = await change('change marks', (by, raceId) => api().placeMark({ raceId, competitorId, suggestion: index, by }));
  if (ok) showNotice(`#${competitorId} marked at suggested edge S${index + 1}, accepted by ${officialName() ?? 'you'}.`);
}
