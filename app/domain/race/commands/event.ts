/** Setting which event a race is (meet, number, name, round, heat, date, venue, distance, wind): one audited change. */
import { UserError } from '../../errors.js';
import { mergeEvent, type EventPatch } from '../../event/race-event.js';
import { canonicalJson } from '../../audit/canonical.js';
import type { Change } from './index.js';
import type { RaceState } from '../replay.js';
import { refuseIfCertified } from './guards.js';

export function setEvent(state: RaceState, patch: EventPatch): Change<'event.set'> {
  const { doc } = state;
  refuseIfCertified(doc, 'change the event');
  if (Object.values(patch).every((v) => v === undefined)) throw new UserError('nothing to change: give at least one field of the event', 'INVALID_ARGUMENT');
  const before = doc.event ?? null;
  const after = mergeEvent(doc.event, patch);
  if (canonicalJson(before ?? {}) === canonicalJson(after)) throw new UserError('the event already reads so; nothing was changed', 'CONFLICT');
  return { action: 'event.set', payload: { change: { slice: 'event', before, after } } };
}
