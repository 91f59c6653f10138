/** The viewer's toolbar: zoom, display direction, picture adjustments (non-destructive), suggested edges. */
import { ActionButton, tooltip } from '../actions/ActionButton.js';
import { adjustPicture, selectPicture } from '../session/picture.js';
import { selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';
import { SuggestionsBar } from './SuggestionsBar.js';
import { StartChip } from '../start/StartChip.js';

export function AdjustBar() {
  const race = useSession(selectRace);
  const adjust = useSession(selectPicture);
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
        onChange={(e) => adjustPicture({ [key]: Number(e.target.value) })}
        aria-valuetext={adjust[key].toFixed(2)}
      />
      <output>{adjust[key].toFixed(2)}</output>
    </label>
  );
  return (
    <div className="toolbar" role="toolbar" aria-label="Viewer">
      <div className="group">
        <ActionButton action="zoom-out">−</ActionButton>
        <ActionButton action="fit">Fit</ActionButton>
        <ActionButton action="zoom-16">16:1</ActionButton>
        <ActionButton action="zoom-in">+</ActionButton>
      </div>
      <StartChip />
      <div className="group">
        <ActionButton action="reverse-direction" aria-pressed={race.direction === 'rtl'}>
          Time runs {race.direction === 'ltr' ? '→' : '←'}
        </ActionButton>
      </div>
      <div className="group adjust">
        {slider('brightness', 'Bright', 0.2, 3)}
        {slider('contrast', 'Contrast', 0.2, 3)}
        {slider('gamma', 'Gamma', 0.3, 3)}
        <label className="check" title={tooltip('invert')}>
          <input type="checkbox" checked={adjust.invert} onChange={(e) => adjustPicture({ invert: e.target.checked })} /> Invert
        </label>
        <ActionButton action="reset-picture" className="icon" aria-label="Reset picture adjustments">
          ↺
        </ActionButton>
      </div>
      <SuggestionsBar />
    </div>
  );
}
