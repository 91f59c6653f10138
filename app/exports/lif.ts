/**
 * FinishLynx results (`.lif`), the file meet-management software reads: one header line
 *   event, round, heat, event name, wind, wind unit, template, capture time, capture duration, distance, start time
 * (`12,1,3,Men 100m Final,+1.2,m/s,...`), then one line per competitor
 *   place, ID, lane, last name, first name, affiliation, time, license, delta time, reaction time, splits...
 * placed finishers first, then the others with DNF, DQ or DNS in the place column as FinishLynx writes it (a DQ
 * keeps its time; a competitor with neither mark nor status has an empty place, never left out). Comma
 * separated, Windows-1252, CRLF, a field in double quotes where it holds a comma (as FinishLynx writes
 * `"Jones, Jr."`). Delta time is the published margin behind the winner
 * (domain/results/published-margin.ts), without its sign.
 */
import type { RaceView } from '../api/types.js';
import { windText } from '../domain/event/race-event.js';
import { encodeCp1252 } from '../domain/text/cp1252.js';
import { ticksFixed } from './gaps-text.js';

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

export function resultsLif(view: RaceView): Buffer {
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
  const animals = view.results.sport === 'horse' || view.results.sport === 'greyhound';
  const lines = [header.map(lifField).join(',')];
  view.results.finishers.forEach((f) => {
    if (f.place === null) return;
    const c = comps.get(f.competitor);
    const [lastName, firstName] = splitName(f.name, c?.firstName, c?.lastName, animals);
    // Delta time: the published margin behind the winner, without its sign (blank for the winner and its dead-heaters).
    const delta = (f.behind_winner_display ?? '').replace(/^\+/, '');
    const fields = [String(f.place), f.competitor, f.lane ?? c?.trap ?? c?.draw ?? '', lastName, firstName, f.team ?? '', f.time_display, '', delta, ''];
    lines.push(fields.map(lifField).join(','));
  });
  for (const o of view.results.others) {
    const c = comps.get(o.competitor);
    const [lastName, firstName] = splitName(o.name, c?.firstName, c?.lastName, animals);
    const fields = [o.status === 'unmarked' ? '' : o.status, o.competitor, o.lane ?? c?.trap ?? c?.draw ?? '', lastName, firstName, o.team ?? '', o.time_display, '', '', ''];
    lines.push(fields.map(lifField).join(','));
  }
  return Buffer.from(encodeCp1252(lines.join('\r\n') + '\r\n'));
}
