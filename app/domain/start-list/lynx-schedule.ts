/**
 * FinishLynx `lynx.sch`, the meet's schedule: one `event, round, heat` line per race in running order (`;` starts
 * a comment). Beside a `lynx.evt`, it says in which order to offer the start lists' events.
 */
import { UserError } from '../errors.js';
import { splitCsvLine } from '../text/csv-line.js';
import type { EvtEvent } from './parse-start-list.js';

/** What the set-up screen offers for a lynx.evt. */
export interface StartListEvents {
  /** The lynx.sch the order comes from, or null where none sits beside the file. */
  schedule: string | null;
  events: (EvtEvent & { scheduled: boolean })[];
}

export interface ScheduledRace {
  number: number;
  round: number;
  heat: number;
}

export function parseSchedule(text: string, file: string): ScheduledRace[] {
  const out: ScheduledRace[] = [];
  for (const [i, raw] of text.split(/\r\n|\r|\n/).entries()) {
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (line === '' || line.startsWith(';')) continue;
    const fields = splitCsvLine(line);
    if (typeof fields === 'string') throw new UserError(`${file} line ${i + 1}: ${fields}`, 'INVALID_ARGUMENT');
    const [ev = '', round = '', heat = ''] = fields.map((f) => f.trim());
    const whole = (t: string) => (t === '' ? 1 : /^\d+$/.test(t) ? Number(t) : Number.NaN);
    const race = { number: whole(ev), round: whole(round), heat: whole(heat) };
    if (ev === '' || Object.values(race).some(Number.isNaN)) {
      throw new UserError(`${file} line ${i + 1}: a schedule line is "event, round, heat" in whole numbers, got "${line.slice(0, 40)}"`, 'INVALID_ARGUMENT');
    }
    out.push(race);
  }
  return out;
}

/**
 * The start lists' events in schedule order; events the schedule does not name follow in file order (a start
 * list is never hidden because the schedule forgot it).
 */
export function inScheduleOrder(events: readonly EvtEvent[], schedule: readonly ScheduledRace[]): (EvtEvent & { scheduled: boolean })[] {
  const rank = (e: EvtEvent) => schedule.findIndex((s) => s.number === e.number && s.round === e.round && s.heat === e.heat);
  return events
    .map((e, i) => ({ e, i, r: rank(e) }))
    .sort((a, b) => (a.r < 0 ? Infinity : a.r) - (b.r < 0 ? Infinity : b.r) || a.i - b.i)
    .map(({ e, r }) => ({ ...e, scheduled: r >= 0 }));
}
