/**
 * FinishLynx results (`.lif`), the file meet-management software reads: one header line
 *   event, round, heat, event name, wind, wind unit, template, capture time, capture duration, distance, start time
 * (`12,1,3,Men 100m Final,+1.2,m/s,...`), then one line per competitor
 *   place, ID, lane, last name, first name, affiliation, time, license, delta time, reaction time, splits...
 * placed finishers first, then the others with DNF, DQ or DNS in the place column as FinishLynx writes it (a DQ
 * keeps its time; a competitor with neither mark nor status has an empty place, never left out). Comma
 * separated, Windows-1252, CRLF, a field in double quotes where it holds a comma (as FinishLynx writes
 * `"Jones, Jr."`). Time and delta are plain seconds at the meet's database precision (lif-format.ts) from the one
 * published result (domain/results): dead-heaters print their shared published time and no delta between them, and
 * where the sport's margins are lengths (horse, greyhound) the delta is blank.
 */
import type { RaceView } from '../api/types.js';
import { windText } from '../domain/event/race-event.js';
import { encodeCp1252 } from '../domain/text/cp1252.js';
import { defaultLifPrecision, lifDelta, lifEventNumber, lifStartTime, lifTime, type LifPrecision } from './lif-format.js';

export function lifField(value: string): string {
  const flat = value.replace(/[\r\n]+/g, ' ');
  return /[",]/.test(flat) ? `"${flat.replace(/"/g, '""')}"` : flat;
}

/**
 * Last and first name: as given in the start list, else the last word of the name is the last name; an animal's
 * name (horse and greyhound racing) is never split, it goes whole into the last-name field.
 */
export function splitName(name: string, first?: string, last?: string, whole = false): [last: string, first: string] {
  if (first !== undefined || last !== undefined) return [last ?? '', first ?? ''];
  if (whole) return [name.trim(), ''];
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return [words[0] ?? '', ''];
  return [words[words.length - 1] as string, words.slice(0, -1).join(' ')];
}

/** The header line's fields, each as FinishLynx documents it (lif-format.ts); refused without an event number. */
export function lifHeader(view: RaceView): string[] {
  const e = view.event;
  return [
    String(lifEventNumber(e, view.meta.name)),
    String(e.round ?? 1),
    String(e.heat ?? 1),
    e.name ?? view.meta.name,
    e.wind_mps !== null ? windText(e.wind_mps) : '',
    e.wind_mps !== null ? 'm/s' : '',
    // template, capture time, capture duration: FinishLynx's own capture settings, none of this footage's.
    '',
    '',
    '',
    e.distance_m !== null ? String(Number(e.distance_m.toFixed(3))) : '',
    lifStartTime(e.start_time),
  ];
}

export function resultsLif(view: RaceView, precision: LifPrecision = defaultLifPrecision(view.results.sport)): Buffer {
  const header = lifHeader(view);
  const sport = view.results.sport;
  const comps = new Map(view.competitors.map((c) => [c.id, c]));
  const placed = view.results.finishers.filter((f) => f.place !== null && f.time_ns !== null);
  const winner = placed[0];
  // Dead-heaters share one published time, the first one's reading: each prints the group's time, not its own.
  const groupTime = new Map<string, string>();
  for (const f of placed) if (f.dead_heat_group != null && !groupTime.has(String(f.dead_heat_group))) groupTime.set(String(f.dead_heat_group), f.time_ns as string);
  const publishedNs = (f: (typeof placed)[number]) => BigInt(f.dead_heat_group != null ? (groupTime.get(String(f.dead_heat_group)) ?? (f.time_ns as string)) : (f.time_ns as string));
  const lengths = sport === 'horse' || sport === 'greyhound';
  const animals = view.results.sport === 'horse' || view.results.sport === 'greyhound';
  const lines = [header.map(lifField).join(',')];
  view.results.finishers.forEach((f) => {
    if (f.place === null) return;
    const c = comps.get(f.competitor);
    const [lastName, firstName] = splitName(f.name, c?.firstName, c?.lastName, animals);
    // A time where the sport publishes one (horse racing times the winner only).
    const time = f.time_ns !== null && f.time_display !== '' ? lifTime(publishedNs(f), precision, sport, f.hand === true) : '';
    // Dead-heaters have no margin between them, the winner none at all, and lengths are no seconds delta.
    const sharesWinnersPlace = winner !== undefined && f.place === winner.place;
    // At the sport's own precision the delta is the published margin behind the winner, the one every output
    // prints; at another (a meet's thousandths in athletics) the difference of the two time fields as printed.
    const delta =
      !winner || f.time_ns === null || sharesWinnersPlace || lengths
        ? ''
        : precision === defaultLifPrecision(sport) && f.behind_winner_display
          ? f.behind_winner_display.replace(/^\+/, '')
          : lifDelta(publishedNs(f), f.hand === true, publishedNs(winner), winner.hand === true, precision, sport);
    const fields = [String(f.place), f.competitor, f.lane ?? c?.trap ?? c?.draw ?? '', lastName, firstName, f.team ?? '', time, '', delta, ''];
    lines.push(fields.map(lifField).join(','));
  });
  for (const o of view.results.others) {
    const c = comps.get(o.competitor);
    const [lastName, firstName] = splitName(o.name, c?.firstName, c?.lastName, animals);
    const time = o.time_ns !== null && o.time_display !== '' ? lifTime(BigInt(o.time_ns), precision, sport) : '';
    const fields = [o.status === 'unmarked' ? '' : o.status, o.competitor, o.lane ?? c?.trap ?? c?.draw ?? '', lastName, firstName, o.team ?? '', time, '', '', ''];
    lines.push(fields.map(lifField).join(','));
  }
  return Buffer.from(encodeCp1252(lines.join('\r\n') + '\r\n'));
}
