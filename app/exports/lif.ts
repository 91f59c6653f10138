/**
 * FinishLynx results (`.lif`), the file meet-management software reads: one header line
 *   event, round, heat, event name, wind, wind unit, template, capture time, capture duration, distance, start time
 * then one line per placed finisher
 *   place, ID, lane, last name, first name, affiliation, time, license, delta time, reaction time, splits...
 * comma separated, Windows-1252, CRLF, a field in double quotes where it holds a comma (as FinishLynx writes
 * `"Jones, Jr."`). Delta time is the published gap to the winner, without its sign.
 */
import type { RaceView } from '../api/types.js';
import { encodeCp1252 } from '../domain/text/cp1252.js';
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

/** Last and first name: as given in the start list, else the last word of the name is the last name. */
export function splitName(name: string, first?: string, last?: string): [last: string, first: string] {
  if (first !== undefined || last !== undefined) return [last ?? '', first ?? ''];
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return [words[0] ?? '', ''];
  return [words[words.length - 1] as string, words.slice(0, -1).join(' ')];
}

export function resultsLif(view: RaceView): Buffer {
  const first = view.timesNs[0];
  const last = view.timesNs[view.timesNs.length - 1];
  const duration = first !== undefined && last !== undefined ? ticksFixed(BigInt(last) - BigInt(first), 3) : '';
  const header = [
    numberIn(view.meta.event) || '1',
    numberIn(view.meta.round) || '1',
    numberIn(view.meta.heat) || '1',
    view.meta.event ? `${view.meta.event} - ${view.meta.name}` : view.meta.name,
    '',
    '',
    '',
    '',
    duration,
    '',
    view.meta.startTime ?? '',
  ];
  const comps = new Map(view.competitors.map((c) => [c.id, c]));
  const gaps = finisherGaps(view.results.finishers, view.results.sport);
  const lines = [header.map(lifField).join(',')];
  view.results.finishers.forEach((f, i) => {
    if (f.place === null) return;
    const c = comps.get(f.competitor);
    const [lastName, firstName] = splitName(f.name, c?.firstName, c?.lastName);
    const delta = (gaps[i]?.behindWinner ?? '').replace(/^\+/, '');
    const fields = [String(f.place), f.competitor, f.lane ?? '', lastName, firstName, f.team ?? '', f.time_display, '', delta === 'DH' || delta === 'tie' ? '0' : delta, ''];
    lines.push(fields.map(lifField).join(','));
  });
  return Buffer.from(encodeCp1252(lines.join('\r\n') + '\r\n'));
}
