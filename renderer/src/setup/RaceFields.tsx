/** The race's own fields, the same on set-up and capture: name, sport, start list (and its event), direction of travel, its folder. */
import type { EvtEvent } from '../../../app/domain/start-list/parse-start-list.js';
import { isSportName, SPORT_CHOICES, type SportName } from '../../../app/domain/sports/sport-list.js';
import type { Travel } from './build-job.js';
import { StartListField } from './StartListField.js';

export interface RaceFieldValues {
  name: string;
  sport: SportName;
  startList: string;
  /** For a lynx.evt: the chosen event's key (`12-1-3`), '' for none. */
  startListEvent: string;
  travel: Travel;
  out: string;
}

export function RaceFields({
  value,
  onChange,
  onEventChosen,
  disabled,
  native,
}: {
  value: RaceFieldValues;
  onChange(next: RaceFieldValues): void;
  /** The start list's event line, once chosen: set-up fills the race's event fields from it. */
  onEventChosen?(chosen: EvtEvent): void;
  disabled: boolean;
  /** Native dialogs (desktop app): a Choose… button for the start list. */
  native: boolean;
}) {
  const set = <K extends keyof RaceFieldValues>(key: K, v: RaceFieldValues[K]) => onChange({ ...value, [key]: v });
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
      <StartListField
        path={value.startList}
        onPath={(path) => set('startList', path)}
        event={value.startListEvent}
        onEvent={(key, chosen) => {
          set('startListEvent', key);
          if (chosen) onEventChosen?.(chosen);
        }}
        native={native}
      />
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
