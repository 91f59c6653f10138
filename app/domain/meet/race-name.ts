/**
 * A meet's races are named as FinishLynx names its result files: `EEE-R-HH` (event in three digits, round, heat in
 * two), so race 12, round 1, heat 3 is `012-1-03` and its result `012-1-03.lif`.
 */
import { UserError } from '../errors.js';

export interface MeetRaceKey {
  event: number;
  round: number;
  heat: number;
}

export function meetRaceName(k: MeetRaceKey): string {
  return `${String(k.event).padStart(3, '0')}-${k.round}-${String(k.heat).padStart(2, '0')}`;
}

/** "12-1-3", "012-1-03", "12-1" or "12" (round and heat default to 1), numbers compared as numbers. */
export function parseMeetEvent(text: string, what = 'event'): MeetRaceKey {
  const parts = text.trim().split('-');
  if (parts.length > 3 || parts.some((p) => !/^\d{1,4}$/.test(p.trim()))) {
    throw new UserError(`${what} "${text.slice(0, 40)}" is not event-round-heat in whole numbers (e.g. 12-1-3)`, 'INVALID_ARGUMENT');
  }
  const [event, round = 1, heat = 1] = parts.map((p) => Number(p));
  return { event: event as number, round, heat };
}

export const sameRace = (a: MeetRaceKey, b: MeetRaceKey): boolean => a.event === b.event && a.round === b.round && a.heat === b.heat;
