/**
 * The fields of a FinishLynx `.lif` as FinishLynx writes them and meet-management software reads them:
 *   header  event, round, heat, event name, wind, wind unit, template, capture time, capture duration, distance,
 *           start time (FinishLynx's "Database Files" page). Template, capture time and capture duration are
 *           FinishLynx's own capture settings, not properties of the footage, so they stay empty here; the start
 *           time of day is `HH:MM:SS.mmm` (a reader that takes `14:05` as minutes and seconds files the race at
 *           00:14:05). The event number is the meet software's key: never invented (`lifEventNumber` refuses).
 *   time    plain seconds (`9.58`, `1:05.44`), never a flag: a hand time is its published tenths (`12.5`, the
 *           "h" belongs on the sheet), at the meet's database precision otherwise (`--lif-precision`): 0.01 by
 *           default, 0.001 for motorsport; thousandths let the meet software break ties across heats.
 *   delta   the gap to the winner in the same number format, without a sign.
 */
import { UserError } from '../domain/errors.js';
import type { EventInfo } from '../domain/event/race-event.js';
import { formatUnits } from '../domain/sports/clock-format.js';
import { handTenths } from '../domain/sports/hand-time.js';
import { divCeil, divRoundHalfAway, type Ticks } from '../domain/time/ticks.js';

export const LIF_PRECISIONS = ['0.01', '0.001'] as const;
export type LifPrecision = (typeof LIF_PRECISIONS)[number];

/** The meet's database precision where none is asked for: motorsport reads to 1/1000 s, every other sport 1/100. */
export function defaultLifPrecision(sport: string): LifPrecision {
  return sport === 'motorsport' ? '0.001' : '0.01';
}

const decimalsOf = (p: LifPrecision): number => (p === '0.001' ? 3 : 2);

/**
 * A time in units of the precision: athletics rounds up (World Athletics: a reading not on the unit goes to the
 * next one, so 9.572 → 9.58 and at thousandths 9.5721 → 9.573); the other sports to the nearest unit.
 */
function lifUnits(t: Ticks, precision: LifPrecision, sport: string): bigint {
  const unit = 10n ** BigInt(9 - decimalsOf(precision));
  return sport === 'athletics' ? divCeil(t, unit) : divRoundHalfAway(t, unit);
}

/** The `.lif` time field: plain seconds at the precision, a hand time as its published tenths. */
export function lifTime(t: Ticks, precision: LifPrecision, sport: string, hand = false): string {
  if (hand) return formatUnits(handTenths(t), 1);
  return formatUnits(lifUnits(t, precision, sport), decimalsOf(precision));
}

/**
 * The `.lif` delta field: the difference of the two times as the `.lif` prints them (so a reader subtracting the
 * time fields gets the same number), without its sign; '' for the winner. A hand time counts at its tenths.
 */
export function lifDelta(t: Ticks, hand: boolean, winner: Ticks, winnerHand: boolean, precision: LifPrecision, sport: string): string {
  const d = decimalsOf(precision);
  const at = (x: Ticks, h: boolean) => (h ? handTenths(x) * 10n ** BigInt(d - 1) : lifUnits(x, precision, sport));
  const diff = at(t, hand) - at(winner, winnerHand);
  return formatUnits(diff < 0n ? -diff : diff, d, false);
}

/** "14:05" → "14:05:00.000", "14:05:30.5" → "14:05:30.500": the start time of day as FinishLynx writes it. */
export function lifStartTime(time: string | null): string {
  if (!time) return '';
  const m = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(time.trim());
  if (!m) return '';
  return `${m[1]}:${m[2]}:${m[3] ?? '00'}.${(m[4] ?? '').padEnd(3, '0')}`;
}

/** The event number the meet software files the result under; refused where the race has none (never invented). */
export function lifEventNumber(event: Pick<EventInfo, 'number' | 'name'>, race: string): number {
  if (event.number !== null) return event.number;
  throw new UserError(
    `${race}: the FinishLynx .lif needs the event's number, the key meet-management software files the result under, and the race has none`,
    'INVALID_ARGUMENT',
    { hint: 'set-event-number' },
  );
}
