/**
 * Suggested leading edges in the toolbar: show or hide the ghost hairlines, pick one (the viewer centres on it, so
 * the official checks it on the picture), and accept it for the selected competitor. Choosing in the list never
 * marks anything by itself: the Accept button, A at the hairline, or a number typed + Enter (pairing) does.
 */
import { decimalsForResolution } from '../../../app/domain/viewport/readout.js';
import { zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import { selectRace, selectResolution } from '../session/race.js';
import { selectSelectedId } from '../session/selection.js';
import { useSession } from '../session/state.js';
import { ActionButton, tooltip } from '../actions/ActionButton.js';
import { acceptSuggestion, chooseSuggestion, selectCurrentSuggestion, selectSuggestions } from '../session/suggestions.js';
import { acceptedFor } from '../session/placement.js';
import { suggestionName, suggestionText } from '../viewer/suggestion-text.js';
import { viewer } from '../viewer/viewer-handle.js';

export function SuggestionsBar() {
  const race = useSession(selectRace);
  const suggestions = useSession(selectSuggestions);
  const resolutionNs = useSession(selectResolution);
  const selected = useSession(selectSelectedId);
  const choice = useSession(selectCurrentSuggestion);
  if (!race) return null;
  const shown = suggestions.length > 0;
  const decimals = decimalsForResolution(resolutionNs);
  // Every edge accepted: the list stays on the last one, for checking.
  const current = suggestions.find((g) => g.index === choice) ?? suggestions[suggestions.length - 1];
  const readOnly = race.certified !== null;
  return (
    <div className="group suggestions">
      <ActionButton
        action="suggest-edges"
        title={tooltip('suggest-edges', shown ? 'Hide the suggested edges' : 'Suggest leading edges, drawn as dashed ghost hairlines')}
        aria-pressed={shown}
        data-testid="suggest-edges"
      >
        {shown ? 'Hide edges' : 'Suggest edges'}
      </ActionButton>
      {shown && current ? (
        <>
          <select
            aria-label="Suggested edge"
            value={current.index}
            onChange={(e) => {
              const g = suggestions.find((x) => x.index === Number(e.target.value));
              chooseSuggestion(g ? g.index : null);
              if (g) viewer()?.hairlineTo(g.column);
            }}
            data-testid="suggestion-choice"
            data-workspace-keys=""
          >
            {suggestions.map((g) => {
              const taken = acceptedFor(race, g.index);
              return (
                <option key={g.index} value={g.index}>
                  {suggestionText(g, decimals, zeroOfInfo(race.results.start))} · {Math.round(g.confidence * 100)}%{taken ? ` · accepted for #${taken}` : ''}
                </option>
              );
            })}
          </select>
          <button
            type="button"
            className="primary"
            disabled={readOnly}
            onClick={() => void acceptSuggestion(current.index)}
            title={
              selected
                ? `Mark #${selected} at ${suggestionName(current)}, recorded as a suggested edge accepted by you (or press A at the hairline)`
                : 'Select a competitor first, then accept the edge for it'
            }
            data-testid="accept-suggestion"
          >
            {selected ? `Accept #${selected}` : 'Accept…'}
          </button>
        </>
      ) : (
        // The same controls, idle, so the toolbar keeps its size whether suggestions are shown or not.
        <>
          <select aria-label="Suggested edge" disabled data-testid="suggestion-choice-idle">
            <option>No suggestions shown</option>
          </select>
          <button type="button" className="primary" disabled>
            Accept…
          </button>
        </>
      )}
    </div>
  );
}
