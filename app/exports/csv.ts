/**
 * Results as CSV (RFC 4180): a header row, one row per competitor in result order (placed finishers, then DNF,
 * DQ, DNS with the word in the place column, then any without mark or status), CRLF line ends, fields quoted
 * when they hold a comma, quote or line break. UTF-8 with a byte-order mark, so spreadsheet programs read names
 * with accents correctly. Columns added later go at the end, so files read by column position keep working.
 */
import type { RaceView } from '../api/types.js';
import type { Competitor } from '../domain/race/document.js';
import { ticksToDecimalSeconds } from '../domain/time/ticks.js';
import { flagsOf } from './sheet/flags.js';

export const CSV_COLUMNS = [
  'place', 'competitor', 'lane', 'name', 'first_name', 'last_name', 'team', 'time', 'time_s', 'time_ns',
  'behind_winner', 'behind_previous', 'margin', 'lengths', 'resolution_s', 'flags', 'dead_heat', 'typed', 'suggested',
  'near_gap', 'tie', 'certified', 'revision', 'status', 'rule', 'reason', 'hand',
  'bib', 'club', 'nation', 'jockey', 'trainer', 'draw', 'trap', 'judge_distance', 'computed_distance', 'notes',
] as const;

/** `time_s` as the exact decimal of the row's ticks (never a float's 9.571943878999999). */
const exactSecondsText = (ns: string | null) => (ns === null ? '' : ticksToDecimalSeconds(BigInt(ns)));

/** The start list's optional columns, as given (empty where the start list had none). */
const startListFields = (c: Competitor | undefined) => [c?.bib ?? '', c?.club ?? '', c?.nation ?? '', c?.jockey ?? '', c?.trainer ?? '', c?.draw ?? '', c?.trap ?? ''];

/** A plain decimal number ("9.58", "+0.04", "-1.2", "1e-3"): a spreadsheet reads it as a number, never a formula. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A text cell that a spreadsheet would run as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage
 * return: a start-list name such as `=HYPERLINK(...)`) gets a leading `'`, as OWASP's CSV-injection guidance
 * recommends; numbers (a signed gap such as `+0.04`) stay numbers.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

export function csvField(value: string): string {
  const cell = neutraliseFormula(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

export function resultsCsv(view: RaceView): Buffer {
  const comps = new Map(view.competitors.map((c) => [c.id, c]));
  const yes = (b: boolean | undefined) => (b ? 'true' : 'false');
  // Every value is the published result's own (domain/results): margins blank between dead-heaters.
  const rows = view.results.finishers.map((f) => {
    const c = comps.get(f.competitor);
    return [
      f.place === null ? '' : String(f.place),
      f.competitor,
      f.lane ?? '',
      f.name,
      c?.firstName ?? '',
      c?.lastName ?? '',
      f.team ?? '',
      f.time_display,
      exactSecondsText(f.time_ns),
      f.time_ns ?? '',
      f.behind_winner_display ?? '',
      f.behind_previous_display ?? '',
      f.behind_previous_display ?? f.margin_display,
      f.lengths_display ?? '',
      f.resolution_s === null ? '' : String(f.resolution_s),
      flagsOf(f).join(' '),
      yes(f.dead_heat),
      yes(f.typed),
      yes(f.suggested),
      yes(f.near_gap),
      yes(f.tie),
      yes(Boolean(view.certified)),
      String(view.revision),
      '',
      '',
      '',
      yes(f.hand),
      ...startListFields(c),
      f.judge_distance ? yes(true) : yes(false),
      f.judge_distance?.computed ?? '',
      (f.notes ?? []).join('; '),
    ];
  });
  for (const o of view.results.others) {
    const c = comps.get(o.competitor);
    const row: Record<(typeof CSV_COLUMNS)[number], string> = Object.fromEntries(CSV_COLUMNS.map((k) => [k, ''])) as Record<(typeof CSV_COLUMNS)[number], string>;
    Object.assign(row, {
      place: o.status === 'unmarked' ? '' : o.status,
      competitor: o.competitor,
      lane: o.lane ?? '',
      name: o.name,
      first_name: c?.firstName ?? '',
      last_name: c?.lastName ?? '',
      team: o.team ?? '',
      time: o.time_display,
      time_s: exactSecondsText(o.time_ns),
      time_ns: o.time_ns ?? '',
      certified: yes(Boolean(view.certified)),
      revision: String(view.revision),
      status: o.status,
      rule: o.rule ?? '',
      reason: o.reason ?? '',
    });
    const [bib, club, nation, jockey, trainer, draw, trap] = startListFields(c);
    Object.assign(row, { bib, club, nation, jockey, trainer, draw, trap, hand: yes(false), judge_distance: yes(false) });
    rows.push(CSV_COLUMNS.map((k) => row[k]));
  }
  const text = [csvLine(CSV_COLUMNS), ...rows.map(csvLine)].join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
