/** The viewer's toolbar: zoom, display direction, picture adjustments (non-destructive), suggestions. */
import type { Dispatch, SetStateAction } from 'react';
import { session, suggestEdges, toggleDirection, acceptSuggestion } from '../app/session.js';
import { useStore } from '../app/store.js';
import type { Adjustments } from '../viewer/CompositeViewer.js';
import { viewer } from '../viewer/viewer-handle.js';
import { formatSeconds } from '../../../app/domain/viewport/readout.js';

export const DEFAULT_ADJUST: Adjustments = { brightness: 1, contrast: 1, gamma: 1, invert: false };

export function AdjustBar({ adjust, setAdjust }: { adjust: Adjustments; setAdjust: Dispatch<SetStateAction<Adjustments>> }) {
  const s = useStore(session);
  const race = s.race;
  if (!race) return null;
  const slider = (key: 'brightness' | 'contrast' | 'gamma', label: string, min: number, max: number) => (
    <label className="slider" title={`${label} (display only; the evidence is never changed)`}>
      <span>{label}</span>
      <input
        type="range"
        min={min}
        max={max}
        step={0.05}
        value={adjust[key]}
        onChange={(e) => setAdjust((a) => ({ ...a, [key]: Number(e.target.value) }))}
        aria-valuetext={adjust[key].toFixed(2)}
      />
      <output>{adjust[key].toFixed(2)}</output>
    </label>
  );
  return (
    <div className="toolbar" role="toolbar" aria-label="Viewer">
      <div className="group">
        <button type="button" onClick={() => viewer()?.zoomBy(0.5)} title="Zoom out (−)">
          −
        </button>
        <button type="button" onClick={() => viewer()?.fit()} title="Fit the whole race (F)">
          Fit
        </button>
        <button type="button" onClick={() => viewer()?.zoomToScale(16)} title="16 pixels per column (Z)">
          16:1
        </button>
        <button type="button" onClick={() => viewer()?.zoomBy(2)} title="Zoom in (+)">
          +
        </button>
      </div>
      <div className="group">
        <button type="button" onClick={() => void toggleDirection()} title="Reverse the display direction so competitors face the way they travel (R)" aria-pressed={race.direction === 'rtl'}>
          Time runs {race.direction === 'ltr' ? '→' : '←'}
        </button>
      </div>
      <div className="group adjust">
        {slider('brightness', 'Bright', 0.2, 3)}
        {slider('contrast', 'Contrast', 0.2, 3)}
        {slider('gamma', 'Gamma', 0.3, 3)}
        <label className="check" title="Invert (I)">
          <input type="checkbox" checked={adjust.invert} onChange={(e) => setAdjust((a) => ({ ...a, invert: e.target.checked }))} /> Invert
        </label>
        <button type="button" onClick={() => setAdjust(DEFAULT_ADJUST)} title="Reset picture adjustments (\)" disabled={JSON.stringify(adjust) === JSON.stringify(DEFAULT_ADJUST)}>
          Reset
        </button>
      </div>
      <div className="group">
        <button type="button" onClick={() => void suggestEdges()} title="Suggest leading edges (S)">
          Suggest edges
        </button>
        {s.suggestions.length > 0 ? (
          <select
            aria-label="Accept a suggested edge for the selected competitor"
            value=""
            onChange={(e) => e.target.value && void acceptSuggestion(Number(e.target.value))}
          >
            <option value="">Accept a suggestion…</option>
            {s.suggestions.map((g, i) => (
              <option key={g.index} value={g.index}>
                S{i + 1}: {formatSeconds(BigInt(g.time_ns), 4)} s (±{(g.uncertainty_s * 1000).toFixed(1)} ms, {Math.round(g.confidence * 100)}%)
              </option>
            ))}
          </select>
        ) : null}
      </div>
    </div>
  );
}
