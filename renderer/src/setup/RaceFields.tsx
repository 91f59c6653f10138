/** The race's own fields, the same on set-up and capture: name, sport, start list, direction of travel, its folder. */
import { isSportName, SPORT_CHOICES, type SportName } from '../../../app/domain/sports/sport-list.js';
import { rendererApi } from '../api/index.js';
import type { Travel } from './build-job.js';

export interface RaceFieldValues {
  name: string;
  sport: SportName;
  startList: string;
  travel: Travel;
  out: string;
}

export function RaceFields({
  value,
  onChange,
  disabled,
  native,
}: {
  value: RaceFieldValues;
  onChange(next: RaceFieldValues): void;
  disabled: boolean;
  /** Native dialogs (desktop app): a Choose… button for the start list. */
  native: boolean;
}) {
  const set = <K extends keyof RaceFieldValues>(key: K, v: RaceFieldValues[K]) => onChange({ ...value, [key]: v });
  const chooseStartList = async () => {
    const { path } = await rendererApi.api.pickPath({ purpose: 'start-list' });
    if (path) set('startList', path);
  };
  return (
    <fieldset className="fields" disabled={disabled}>
      <label>
        Name
        <input name="name" value={value.name} onChange={(e) => set('name', e.target.value)} />
      </label>
      <label>
        Sport
        <select name="sport" value={value.sport} onChange={(e) => isSportName(e.target.value) && set('sport', e.target.value)}>
          {SPORT_CHOICES.map((s) => (
            <option key={s.name} value={s.name}>
              {s.label} ({s.publishes})
            </option>
          ))}
        </select>
      </label>
      <label>
        Start list (optional: FinishLynx .evt/.ppl or CSV)
        <span className="row">
          <input name="startList" value={value.startList} onChange={(e) => set('startList', e.target.value)} placeholder="/meet/lynx.evt" />
          {native ? (
            <button type="button" onClick={() => void chooseStartList()}>
              Choose…
            </button>
          ) : null}
        </span>
      </label>
      <label>
        Competitors cross the picture moving
        <select name="travel" value={value.travel} onChange={(e) => set('travel', e.target.value as Travel)}>
          <option value="right-to-left">right to left (time runs →)</option>
          <option value="left-to-right">left to right (time runs ←, so they face forward)</option>
        </select>
      </label>
      <label>
        Save the race in
        <input name="out" value={value.out} onChange={(e) => set('out', e.target.value)} required spellCheck={false} />
      </label>
    </fieldset>
  );
}
