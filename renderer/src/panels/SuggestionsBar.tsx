/**
 * Suggested leading edges in the toolbar: show or hide the ghost hairlines, pick one (the viewer centres on it, so
 * the official checks it on the picture), and accept it for the selected competitor. Choosing in the list never
 * marks anything by itself: only the Accept button (or A at the hairline) does.
 */
import { useState } from 'react';
import { decimalsForResolution } from '../../../app/domain/viewport/readout.js';
import { acceptSuggestion, session, suggestEdges } from '../app/session.js';
import { useStore } from '../app/store.js';
import { suggestionName, suggestionText } from '../viewer/suggestion-text.js';
import { viewer } from '../viewer/viewer-handle.js';

export function SuggestionsBar() {
  const s = useStore(session);
  const [choice, setChoice] = useState<number | null>(null);
  const race = s.race;
  if (!race) return null;
  const shown = s.suggestions.length > 0;
  const decimals = decimalsForResolution(s.resolutionNs);
  const acceptedFor = (index: number) => race.marks.find((m) => m.origin === 'suggestion' && m.suggestion?.index === index)?.competitorId;
  // Default: the earliest edge nobody has accepted yet.
  const current =
    s.suggestions.find((g) => g.index === choice) ?? s.suggestions.find((g) => acceptedFor(g.index) === undefined) ?? s.suggestions[0];
  const selected = s.selectedId;
  const readOnly = race.certified !== null;
  return (
    <div className="group suggestions">
      <button
        type="button"
        onClick={() => void suggestEdges()}
        title={shown ? 'Hide the suggested edges (S)' : 'Suggest leading edges, drawn as dashed ghost hairlines (S)'}
        aria-pressed={shown}
        data-testid="suggest-edges"
      >
        {shown ? 'Hide edges' : 'Suggest edges'}
      </button>
      {shown && current ? (
        <>
          <select
            aria-label="Suggested edge"
            value={current.index}
            onChange={(e) => {
              const g = s.suggestions.find((x) => x.index === Number(e.target.value));
              setChoice(g ? g.index : null);
              if (g) viewer()?.centreOn(g.column);
            }}
            data-testid="suggestion-choice"
          >
            {s.suggestions.map((g) => {
              const taken = acceptedFor(g.index);
              return (
                <option key={g.index} value={g.index}>
                  {suggestionText(g, decimals)} · {Math.round(g.confidence * 100)}%{taken ? ` · #${taken}` : ''}
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
