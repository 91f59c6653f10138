/** The event's fields, as the set-up screen and the Event dialog both ask for them. */
import type { EventForm } from './event-form.js';
import { LABELS } from './event-form.js';

const PLACEHOLDER: Partial<Record<keyof EventForm, string>> = {
  number: '12',
  round: '1',
  heat: '3',
  name: 'Men 100m Final',
  meet: 'City Games',
  venue: 'Stadium',
  date: 'YYYY-MM-DD',
  startTime: '14:05:30',
  distance: '100',
  wind: '+1.2',
};

const ROWS: (keyof EventForm)[][] = [
  ['name', 'meet'],
  ['number', 'round', 'heat'],
  ['date', 'startTime', 'venue'],
  ['distance', 'wind'],
];

export function EventFields({ value, onChange, disabled }: { value: EventForm; onChange(next: EventForm): void; disabled?: boolean }) {
  return (
    <fieldset className="event-fields" disabled={disabled} data-testid="event-fields">
      {ROWS.map((row) => (
        <div className="fields" key={row.join()}>
          {row.map((k) => (
            <label key={k}>
              {LABELS[k]}
              <input
                name={`event-${k}`}
                value={value[k]}
                onChange={(e) => onChange({ ...value, [k]: e.target.value })}
                placeholder={PLACEHOLDER[k]}
                inputMode={k === 'name' || k === 'meet' || k === 'venue' || k === 'date' || k === 'startTime' ? undefined : 'decimal'}
                spellCheck={false}
              />
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
}
