/** The viewer's toolbar: zoom, display direction, picture adjustments (non-destructive), suggested edges. */
import type { Dispatch, SetStateAction } from 'react';
import { session, toggleDirection } from '../app/session.js';
import { useStore } from '../app/store.js';
import type { Adjustments } from '../viewer/CompositeViewer.js';
import { viewer } from '../viewer/viewer-handle.js';
import { SuggestionsBar } from './SuggestionsBar.js';

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
        <button
          type="button"
          className="icon"
          onClick={() => setAdjust(DEFAULT_ADJUST)}
          title="Reset brightness, contrast, gamma and invert (\)"
          aria-label="Reset picture adjustments"
          disabled={JSON.stringify(adjust) === JSON.stringify(DEFAULT_ADJUST)}
        >
          ↺
        </button>
      </div>
      <SuggestionsBar />
    </div>
  );
}
