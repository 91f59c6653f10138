/** `photofinish results RACE [--json]`: the finishing order with the sport's published times and margins. */
import type { ResultsReport } from '../../api/types.js';
import { eventLine } from '../../domain/event/race-event.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg } from './race-command.js';
import { notValid } from '../not-valid.js';
import { startLine, zeroControlLine } from '../../domain/start/start-text.js';

export const resultsCommand: CliCommand = {
  name: 'results',
  summary: 'Print the result: places, published times and margins by the rules of the sport.',
  usage: [
    '  photofinish results RACE [--json]',
    '',
    '  A race that says certified is checked in full first (chain, evidence, signatures by a trusted key, ledger);',
    '  where that fails it reads "NOT VALID: <why>" instead of certified, and --json has certified false.',
    '',
    '  --json   machine-readable: { sport, certified, integrity: { ok, problems }, revision, event: { number, round, heat,',
    '           name, meet, venue, date, start_time, distance_m, wind_mps }, finishers: [ { place, competitor, name, time_s,',
    '           time_ns, time_display, behind_winner_s, behind_previous_s, behind_winner_display, behind_previous_display (the',
    '           published margins; null/empty between dead-heaters), reading_behind_winner_s, reading_behind_previous_s,',
    '           margin_display, resolution_s, dead_heat, dead_heat_group, flags, notes, typed, hand? } ],',
    '           others: [ { competitor, name, status, rule, reason, by, time_s } ] (status DNS, DNF, DQ or unmarked),',
    '           start: { method, time_s, uncertainty_s, sound_delay_s, distance_m, temperature_c, by }, zero_control,',
    '           checks: [ { code, severity, message } ] } (_s fields are the exact decimals of their ticks, _display the published',
    '           strings; times run from time zero, start.time_s on the footage clock)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('results', argv, { json: { type: 'boolean' } });
    const race = await openRaceArg('results', positionals, ctx, { readOnly: true });
    const report = await ctx.api.getResults({ raceId: race.raceId });
    if (values.json) {
      ctx.io.out(JSON.stringify(report, null, 2));
      return 0;
    }
    ctx.io.out(formatResultsText(race.meta.name, report, race.certified ? `${race.certified.official} (${race.certified.role})` : null));
    return 0;
  },
};

export function formatResultsText(name: string, report: ResultsReport, certifiedBy: string | null): string {
  const lines: string[] = [];
  const status = report.integrity?.ok === false ? notValid(report.integrity.problems) : report.certified ? `certified by ${certifiedBy ?? 'an official'}` : 'provisional (not certified)';
  lines.push(`${name}: ${report.sport}, revision ${report.revision}, ${status}`);
  const event = eventLine(report.event);
  if (event) lines.push(`Event: ${event}`);
  if (report.rule) lines.push(`Rule: ${report.rule}`);
  lines.push(`Time zero: ${startLine(report.start)}`);
  const zc = zeroControlLine(report.zero_control);
  if (zc) lines.push(zc);
  for (const a of report.amendments ?? []) lines.push(`Amended to revision ${a.revision} by ${a.by} at ${a.at}: ${a.reason}`);
  const rows = report.finishers.map((f) => {
    const flags = [
      f.dead_heat ? 'DH' : '',
      f.tie ? 'TIE' : '',
      f.typed ? 'TYPED' : '',
      f.hand ? 'HAND' : '',
      f.suggested ? 'SUGGESTED' : '',
      f.near_gap ? 'GAP' : '',
    ].filter(Boolean);
    return [
      f.place === null ? '-' : String(f.place),
      f.competitor,
      f.name,
      f.time_display,
      // The published margin behind the one ahead, as every output prints it (none between dead-heaters).
      f.behind_previous_display ?? f.margin_display,
      f.resolution_s === null ? '' : formatResolution(f.resolution_s),
      [...flags, ...(f.notes ?? [])].join(' '),
    ];
  });
  for (const o of report.others) {
    const why = [o.rule ? `rule ${o.rule}` : '', o.reason ?? '', o.by ? `by ${o.by}` : ''].filter(Boolean).join('; ');
    rows.push([o.status === 'unmarked' ? '-' : o.status, o.competitor, o.name, o.time_display, '', '', o.status === 'unmarked' ? 'NO MARK OR STATUS' : why]);
  }
  const header = ['Pl', 'ID', 'Name', 'Time', 'Margin', 'Resolution', 'Notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  lines.push('', fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...rows.map(fmt));
  const notes: string[] = [];
  if (report.finishers.some((f) => f.typed)) notes.push('TYPED: time keyed in, not read from the image');
  if (report.finishers.some((f) => f.hand)) notes.push('HAND: hand-timed, published to 1/10 s rounded up');
  if (report.finishers.some((f) => f.tie)) notes.push('TIE: equal at the published precision; the rule book decides');
  if (report.finishers.some((f) => f.near_gap)) notes.push('GAP: the mark lies in a dropped-frame gap; resolution is the whole gap');
  if (report.finishers.some((f) => f.dead_heat)) notes.push('DH: dead heat declared by an official');
  if (notes.length) lines.push('', ...notes);
  if (report.checks.length) lines.push('', 'Checks before certifying:', ...report.checks.map((c) => `  ${c.severity === 'error' ? 'ERROR' : 'warning'}: ${c.message}`));
  return lines.join('\n');
}

/** The frame interval in the most readable unit (ms below a second). */
function formatResolution(s: number): string {
  return s < 1 ? `${Number((s * 1000).toPrecision(6))} ms` : `${Number(s.toPrecision(6))} s`;
}
