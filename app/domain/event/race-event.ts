/**
 * Which event a race is: meet, event number and name, round, heat, date, venue, distance and wind, the identity a
 * result sheet, an export file name and a FinishLynx `.lif` header carry and meet-management software matches on.
 * Stored in the race document as `event` (each field optional; `null` clears a field set earlier); races made
 * before the event existed carry the older free-text `meta.event/round/heat/venue/date`, read as fallbacks.
 */
import { z } from 'zod';
import { UserError } from '../errors.js';

const text = z.string().max(200);
/** HH:MM, HH:MM:SS or HH:MM:SS.sss; the ranges (hours to 23, minutes and seconds to 59) are checked in words. */
/** YYYY-MM-DD; that the day exists is checked in words. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const count = z.number().int().nonnegative().max(99_999);

export const raceEvent = z.object({
  number: count.nullable().optional(),
  round: count.nullable().optional(),
  heat: count.nullable().optional(),
  name: text.nullable().optional(),
  meet: text.nullable().optional(),
  venue: text.nullable().optional(),
  date: z.string().regex(DATE).nullable().optional(),
  /** The official start time of day, local to the venue: HH:MM, HH:MM:SS or HH:MM:SS.sss (where known). */
  startTime: z.string().regex(TIME_OF_DAY).nullable().optional(),
  /** Metres (a decimal: 1609.344 for a mile). */
  distanceM: z.number().positive().max(1_000_000).nullable().optional(),
  /** Metres per second, signed, one decimal (athletics sprints and horizontal jumps). */
  windMps: z.number().min(-99.9).max(99.9).nullable().optional(),
});
export type RaceEvent = z.infer<typeof raceEvent>;

/** The event as every face reads it (`info --json`, `results --json`): null where unset. */
export interface EventInfo {
  number: number | null;
  round: number | null;
  heat: number | null;
  name: string | null;
  meet: string | null;
  venue: string | null;
  date: string | null;
  /** The official start time of day (HH:MM[:SS[.sss]], venue time), where known. */
  start_time: string | null;
  distance_m: number | null;
  wind_mps: number | null;
}

/** The older free-text fields of `meta` that an event field falls back to. */
export interface LegacyEventMeta {
  event?: string | undefined;
  round?: string | undefined;
  heat?: string | undefined;
  venue?: string | undefined;
  date?: string | undefined;
  startTime?: string | undefined;
}

const wholeNumber = (t: string | undefined): number | null => (t !== undefined && /^\s*\d{1,5}\s*$/.test(t) ? Number(t) : null);
const nonEmpty = (t: string | null | undefined): string | null => (t?.trim() ? t.trim() : null);

export function eventInfo(event: RaceEvent | undefined, legacy: LegacyEventMeta = {}): EventInfo {
  const e = event ?? {};
  const pick = <T>(v: T | null | undefined, fallback: T | null): T | null => (v === undefined ? fallback : v);
  return {
    number: pick(e.number, null),
    round: pick(e.round, wholeNumber(legacy.round)),
    heat: pick(e.heat, wholeNumber(legacy.heat)),
    name: nonEmpty(pick(e.name, legacy.event ?? null)),
    meet: nonEmpty(e.meet),
    venue: nonEmpty(pick(e.venue, legacy.venue ?? null)),
    date: pick(e.date, legacy.date && DATE.test(legacy.date) ? legacy.date : null),
    start_time: pick(e.startTime, legacy.startTime && TIME_OF_DAY.test(legacy.startTime) ? legacy.startTime : null),
    distance_m: pick(e.distanceM, null),
    wind_mps: pick(e.windMps, null),
  };
}

/** "+1.2", "-0.4", "+0.0": wind as athletics prints it, always signed, one decimal. */
export function windText(mps: number): string {
  const tenths = Math.round(mps * 10);
  return `${tenths < 0 ? '-' : '+'}${(Math.abs(tenths) / 10).toFixed(1)}`;
}

/** "100 m", "1609.344 m". */
export function distanceText(m: number): string {
  return `${Number(m.toFixed(3))} m`;
}

/** "Men 100m Final, round 1, heat 3, wind +1.2 m/s": the line the sheet's title prints; '' with nothing set. */
export function eventLine(e: EventInfo): string {
  return [
    e.name ?? '',
    e.round !== null ? `round ${e.round}` : '',
    e.heat !== null ? `heat ${e.heat}` : '',
    e.wind_mps !== null ? `wind ${windText(e.wind_mps)} m/s` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** What an official asks to change: a value sets the field, null clears it, undefined leaves it. */
export type EventPatch = { [K in keyof RaceEvent]?: RaceEvent[K] };

/** Checks the values a person typed and merges them into the stored event. */
export function mergeEvent(current: RaceEvent | undefined, patch: EventPatch): RaceEvent {
  const next: RaceEvent = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch) as [keyof RaceEvent, unknown][]) {
    if (value === undefined) continue;
    (next as Record<string, unknown>)[key] = typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value;
  }
  if (typeof next.date === 'string') checkDate(next.date);
  if (typeof next.startTime === 'string') checkTimeOfDay(next.startTime);
  if (typeof next.windMps === 'number' && Math.round(next.windMps * 10) / 10 !== next.windMps) {
    throw new UserError(`wind ${next.windMps} m/s: give one decimal (e.g. +1.2)`, 'INVALID_ARGUMENT');
  }
  const parsed = raceEvent.safeParse(next);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'event');
    throw new UserError(`event ${FIELD_WORDS[field] ?? field}: ${describeValue((next as Record<string, unknown>)[field])} is not accepted (${RANGE_WORDS[field] ?? issue?.message ?? 'invalid'})`, 'INVALID_ARGUMENT');
  }
  return parsed.data;
}

const FIELD_WORDS: Record<string, string> = { number: 'number', distanceM: 'distance', windMps: 'wind' };
const RANGE_WORDS: Record<string, string> = {
  number: 'a whole number from 0 to 99999',
  round: 'a whole number from 0 to 99999',
  heat: 'a whole number from 0 to 99999',
  distanceM: 'metres above 0',
  windMps: 'metres per second between -99.9 and +99.9',
  date: 'a date written YYYY-MM-DD',
};

function checkTimeOfDay(time: string): void {
  const m = TIME_OF_DAY.exec(time);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) {
    throw new UserError(`start time "${time}" is not a time of day written HH:MM or HH:MM:SS (24-hour clock)`, 'INVALID_ARGUMENT');
  }
}

function describeValue(v: unknown): string {
  return typeof v === 'string' ? `"${v.slice(0, 40)}"` : String(v);
}

function checkDate(date: string): void {
  const m = DATE.exec(date);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new UserError(`event date "${date}" is not a date written YYYY-MM-DD`, 'INVALID_ARGUMENT');
  }
}
