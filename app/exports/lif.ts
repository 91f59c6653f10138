/**
 * FinishLynx results (`.lif`), the file meet-management software reads: one header line
 *   event, round, heat, event name, wind, wind unit, template, capture time, capture duration, distance, start time
 * (`12,1,3,Men 100m Final,+1.2,m/s,...`), then one line per competitor
 *   place, ID, lane, last name, first name, affiliation, time, license, delta time, reaction time, splits...
 * placed finishers first, then the others with DNF, DQ or DNS in the place column as FinishLynx writes it (a DQ
 * keeps its time; a competitor with neither mark nor status has an empty place, never left out). Comma
 * separated, Windows-1252, CRLF, a field in double quotes where it holds a comma (as FinishLynx writes
 * `"Jones, Jr."`). Delta time is the published gap to the winner, without its sign.
 */
import type { RaceView } from '../api/types.js';
import { windText } from '../domain/event/race-event.js';
import { encodeCp1252 } from '../domain/text/cp1252.js';
import { formatUnits } from '../domain/sports/clock-format.js';
import { divCeil } from '../domain/time/ticks.js';
import { finisherGaps, ticksFixed } from './gaps-text.js';

/**
 * Numbers meet-management software matches on: a field that is a number or one word and a number ("2", "Heat 2",
 * "Event 12 Men's 100 m" → 12); anything else ("City Games 2026") has none.
 */
function numberIn(text: string | undefined): string {
  const m = /^\s*(?:[a-z]+\.?\s*)?#?(\d+)\b/i.exec(text ?? '');
  return m ? String(Number(m[1])) : '';
}

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

/** A meet's database precision for the time field: hundredths or thousandths of a second. */
export type LifPrecision = '0.01' | '0.001';

export interface LifOptions {
  /**
   * Write the time field as plain seconds at this precision, rounded up as timing rules round (`9.58`,
   * `1:05.441`), with no flags; a hand time stays at tenths. Without it the field is the sport's published time.
   */
  precision?: LifPrecision;
}

/** The time field at a meet's precision: exact nanoseconds rounded up to 1/100 or 1/1000 s (a hand time to 1/10). */
function lifUnits(ns: string, decimals: number): bigint {
  return divCeil(BigInt(ns), 10n ** BigInt(9 - decimals));
}

function lifTime(ns: string | null, display: string, hand: boolean | undefined, precision: LifPrecision | undefined): string {
  if (precision === undefined || ns === null) return display;
  const decimals = hand ? 1 : precision === '0.001' ? 3 : 2;
  return formatUnits(lifUnits(ns, decimals), decimals);
}

/** The delta at the meet's precision: the written times' difference, so the file's numbers add up. */
function lifDelta(ns: string | null, winnerNs: string | null | undefined, precision: LifPrecision): string {
  if (ns === null || winnerNs === null || winnerNs === undefined) return '';
  const decimals = precision === '0.001' ? 3 : 2;
  return formatUnits(lifUnits(ns, decimals) - lifUnits(winnerNs, decimals), decimals);
}

export function resultsLif(view: RaceView, options: LifOptions = {}): Buffer {
  const first = view.timesNs[0];
  const last = view.timesNs[view.timesNs.length - 1];
  const duration = first !== undefined && last !== undefined ? ticksFixed(BigInt(last) - BigInt(first), 3) : '';
  const e = view.event;
  const header = [
    e.number !== null ? String(e.number) : numberIn(e.name ?? undefined) || '1',
    String(e.round ?? 1),
    String(e.heat ?? 1),
    e.name ?? view.meta.name,
    e.wind_mps !== null ? windText(e.wind_mps) : '',
    e.wind_mps !== null ? 'm/s' : '',
    '',
    '',
    duration,
    e.distance_m !== null ? String(e.distance_m) : '',
    e.start_time ?? '',
  ];
  const comps = new Map(view.competitors.map((c) => [c.id, c]));
  const gaps = finisherGaps(view.results.finishers, view.results.sport);
  const animals = view.results.sport === 'horse' || view.results.sport === 'greyhound';
  const lines = [header.map(lifField).join(',')];
  // Dead-heaters share the first one's time: every one of them gets that time rounded, not their own.
  const firstAtPlace = new Map<number, string | null>();
  view.results.finishers.forEach((f, i) => {
    if (f.place === null) return;
    if (!firstAtPlace.has(f.place)) firstAtPlace.set(f.place, f.time_ns);
    const ns = f.dead_heat ? (firstAtPlace.get(f.place) ?? null) : f.time_ns;
    const c = comps.get(f.competitor);
    const [lastName, firstName] = splitName(f.name, c?.firstName, c?.lastName, animals);
    const published = (gaps[i]?.behindWinner ?? '').replace(/^\+/, '');
    const delta = options.precision !== undefined && published !== '' && published !== 'DH' && published !== 'tie' && !f.hand ? lifDelta(ns, firstAtPlace.get(1), options.precision) : published;
    const fields = [String(f.place), f.competitor, f.lane ?? c?.trap ?? c?.draw ?? '', lastName, firstName, f.team ?? '', lifTime(ns, f.time_display, f.hand, options.precision), '', delta === 'DH' || delta === 'tie' ? '0' : delta, ''];
    lines.push(fields.map(lifField).join(','));
  });
  for (const o of view.results.others) {
    const c = comps.get(o.competitor);
    const [lastName, firstName] = splitName(o.name, c?.firstName, c?.lastName, animals);
    const fields = [o.status === 'unmarked' ? '' : o.status, o.competitor, o.lane ?? c?.trap ?? c?.draw ?? '', lastName, firstName, o.team ?? '', lifTime(o.time_ns, o.time_display, undefined, options.precision), '', '', ''];
    lines.push(fields.map(lifField).join(','));
  }
  return Buffer.from(encodeCp1252(lines.join('\r\n') + '\r\n'));
}
