/**
 * The Event form's values (text, as typed) and what saving them sends: only the fields the official changed, a
 * cleared field as null. The engine checks the values and says what is wrong with one.
 */
import type { EventInfo } from '../../../app/domain/event/race-event.js';
import type { EventChange } from '../session/record.js';

export interface EventForm {
  number: string;
  round: string;
  heat: string;
  name: string;
  meet: string;
  venue: string;
  date: string;
  startTime: string;
  distance: string;
  wind: string;
}

export const EMPTY_EVENT_FORM: EventForm = { number: '', round: '', heat: '', name: '', meet: '', venue: '', date: '', startTime: '', distance: '', wind: '' };

const text = (v: string | null) => v ?? '';
const num = (v: number | null) => (v === null ? '' : String(v));

export function eventForm(e: EventInfo): EventForm {
  return {
    number: num(e.number),
    round: num(e.round),
    heat: num(e.heat),
    name: text(e.name),
    meet: text(e.meet),
    venue: text(e.venue),
    date: text(e.date),
    startTime: text(e.start_time),
    distance: num(e.distance_m),
    wind: e.wind_mps === null ? '' : `${e.wind_mps < 0 ? '' : '+'}${e.wind_mps.toFixed(1)}`,
  };
}

const TEXT = { name: 'name', meet: 'meet', venue: 'venue', date: 'date', startTime: 'startTime' } as const;
const NUMBER = { number: 'number', round: 'round', heat: 'heat', distance: 'distanceM', wind: 'windMps' } as const;

/** The changes from `before` to `after`; a number that is not one is refused here, in the field's words. */
export function eventChanges(before: EventForm, after: EventForm): EventChange | string {
  const out: EventChange = {};
  for (const [k, field] of Object.entries(TEXT) as [keyof typeof TEXT, (typeof TEXT)[keyof typeof TEXT]][]) {
    if (after[k].trim() !== before[k].trim()) out[field] = after[k].trim() || null;
  }
  for (const [k, field] of Object.entries(NUMBER) as [keyof typeof NUMBER, (typeof NUMBER)[keyof typeof NUMBER]][]) {
    const t = after[k].trim();
    if (t === before[k].trim()) continue;
    const n = Number(t);
    if (t !== '' && !Number.isFinite(n)) return `${LABELS[k]}: "${t}" is not a number`;
    out[field] = t === '' ? null : n;
  }
  return out;
}

export const LABELS: Record<keyof EventForm, string> = {
  number: 'Event number',
  round: 'Round',
  heat: 'Heat',
  name: 'Event name',
  meet: 'Meet',
  venue: 'Venue',
  date: 'Date',
  startTime: 'Start time (HH:MM:SS)',
  distance: 'Distance (m)',
  wind: 'Wind (m/s)',
};
