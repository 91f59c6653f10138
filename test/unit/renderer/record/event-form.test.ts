/** The Event form sends only what the official changed: a cleared field as null, numbers as numbers, a bad number named. */
import { describe, expect, it } from 'vitest';
import { eventInfo } from '../../../../app/domain/event/race-event.js';
import { EMPTY_EVENT_FORM, eventChanges, eventForm } from '../../../../renderer/src/record/event-form.js';

describe('the Event form', () => {
  it('reads the event as text (wind signed, one decimal) and sends only the changed fields', () => {
    const before = eventForm(eventInfo({ number: 12, round: 1, heat: 3, name: 'Men 100m Final', windMps: 1.2, venue: 'Stadion' }));
    expect(before).toMatchObject({ number: '12', heat: '3', name: 'Men 100m Final', wind: '+1.2', venue: 'Stadion', date: '' });
    expect(eventChanges(before, { ...before, wind: '-0.4', venue: '', heat: '4' })).toEqual({ windMps: -0.4, venue: null, heat: 4 });
    expect(eventChanges(before, before)).toEqual({});
  });

  it('names a field that is not a number', () => {
    expect(eventChanges(EMPTY_EVENT_FORM, { ...EMPTY_EVENT_FORM, distance: '100 m' })).toBe('Distance (m): "100 m" is not a number');
  });
});
