/**
 * Suggested leading edges in the toolbar: show or hide the ghost hairlines, pick one (the viewer centres on it, so
 * the official checks it on the picture), and accept it for the selected competitor. Choosing in the list never
 * marks anything by itself: only the Accept button (or A at the hairline) does.
 */
import { useState } from 'react';
import { decimalsForResolution } from '../../../app/domain/viewport/readout.js';
import { zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import { selectRace, selectResolution } from '../session/race.js';
import { selectSelectedId } from '../session/selection.js';
import { useSession } from '../session/state.js';
import { ActionButton, tooltip } from '../actions/ActionButton.js';
import { acceptSuggestion, selectSuggestions } from '../session/suggestions.js';
import { suggestionName, suggestionText } from '../viewer/suggestion-text.js';
import { viewer } from '../viewer/viewer-handle.js';

export function SuggestionsBar() {
  const race = useSession(selectRace);
  const suggestions = useSession(selectSuggestions);
  const resolutionNs = useSession(selectResolution);
  const selected = useSession(selectSelectedId);
  const [choice, setChoice] = useState<number | null>(null);
  if (!race) return null;
  const shown = suggestions.length > 0;
  const decimals = decimalsForResolution(resolutionNs);
  const acceptedFor = (index: number) => race.marks.find((m) => m.origin === 'suggestion' && m.suggestion?.index === index)?.competitorId;
  // Default: the earliest edge nobody has accepted yet.
  const current =
    suggestions.find((g) => g.index === choice) ?? suggestions.find((g) => acceptedFor(g.index) === undefined) ?? suggestions[0];
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
              setChoice(g ? g.index : null);
              if (g) viewer()?.centreOn(g.column);
            }}
            data-testid="suggestion-choice"
          >
            {suggestions.map((g) => {
              const taken = acceptedFor(g.index);
              return (
                <option key={g.index} value={g.index}>
                  {suggestionText(g, decimals, zeroOfInfo(race.results.start))} · {Math.round(g.confidence * 100)}%{taken ? ` · #${taken}` : ''}
                </option>
              );
            })}
          </select>
          <button
            type="button"
            className="primary"
            disabled={readOnly}
            onClick={() => void acceptSuggestion(current.index).then(() => setChoice(null))}
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
      ) : null}
    </div>
  );
}
