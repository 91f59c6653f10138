/** `photofinish detect RACE [--json]`: the leading edges the detector suggests, with sub-frame crossing times. */
import type { EdgeSuggestion } from '../../api/types.js';
import { ticksToSeconds } from '../../domain/time/ticks.js';
import { zeroOfInfo } from '../../domain/start/race-clock.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg } from './race-command.js';

export const detectCommand: CliCommand = {
  name: 'detect',
  summary: 'Suggest every leading edge with its crossing time to a fraction of a frame (the official confirms).',
  usage: [
    '  photofinish detect RACE [--json] [--again]',
    '',
    '  The suggestions stored with the evidence when the race was built (at once); races built without them,',
    '  and --again, detect now. mark --accept N always takes the stored suggestion N.',
    '',
    '  --json   machine-readable: { "edges": [ { "time_s", "column", "rows": [top, bottom], "direction",',
    '           "uncertainty_s", "uncertainty_calibrated", "flags", "confidence" } ] }, sorted by time;',
    '           suggestion N is edges[N]. flags: "on-line-at-start" (already on the line in the first column:',
    '           it crossed at or before that time), "on-line-at-end", "no-sub-frame" (only good to the frame',
    '           interval its uncertainty states), "low-confidence" (may be a shadow, a reflection or a change of',
    '           light, not a competitor: look first). uncertainty_calibrated: the accuracy benchmark checks this',
    '           kind of reading\'s stated uncertainty.',
    '',
    '  Accept suggestion N for a competitor with: photofinish mark RACE --competitor ID --accept N',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('detect', argv, { json: { type: 'boolean' }, again: { type: 'boolean' } });
    const race = await openRaceArg('detect', positionals, ctx);
    // Suggestions come on the footage clock; printed, like every time of the race, from time zero.
    const zero = zeroOfInfo(race.results.start);
    const edges = (await ctx.api.detectEdges({ raceId: race.raceId, ...(values.again ? { again: true } : {}) })).edges.map((e) => {
      const t = BigInt(e.time_ns) - zero;
      return { ...e, time_ns: t.toString(), time_s: ticksToSeconds(t) };
    });
    if (values.json) {
      const out = edges.map((e) => ({
        index: e.index,
        time_s: e.time_s,
        time_ns: e.time_ns,
        column: e.column,
        rows: e.rows,
        direction: e.direction,
        uncertainty_s: e.uncertainty_s,
        uncertainty_calibrated: e.uncertainty_calibrated,
        flags: e.flags,
        confidence: e.confidence,
      }));
      ctx.io.out(JSON.stringify({ edges: out }, null, 2));
      return 0;
    }
    ctx.io.out(formatEdgesText(race.meta.name, edges));
    return 0;
  },
};

const FLAG_WORDS: Record<EdgeSuggestion['flags'][number], string> = {
  'on-line-at-start': 'on the line at the first column (crossed at or before)',
  'on-line-at-end': 'still on the line at the last column',
  'no-sub-frame': 'to the frame only',
  'low-confidence': 'low confidence: may be a shadow, reflection or change of light',
};

export function formatEdgesText(name: string, edges: readonly EdgeSuggestion[]): string {
  if (edges.length === 0) return `${name}: no leading edges found.`;
  const header = ['#', 'Time (s)', '± (ms)', 'Column', 'Rows', 'Direction', 'Confidence', 'Notes'];
  const rows = edges.map((e) => [
    String(e.index),
    e.time_s.toFixed(6),
    // An uncertainty that is not calibrated is the frame interval the reading is good to, marked so.
    `${(e.uncertainty_s * 1000).toFixed(3)}${e.uncertainty_calibrated ? '' : '*'}`,
    e.column.toFixed(3),
    `${e.rows[0]}–${e.rows[1]}`,
    e.direction,
    e.confidence.toFixed(2),
    e.flags.map((f) => FLAG_WORDS[f]).join('; '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  const uncalibrated = edges.some((e) => !e.uncertainty_calibrated);
  return [
    `${name}: ${edges.length} suggested leading edge${edges.length === 1 ? '' : 's'} (suggestions only; an official confirms each)`,
    '',
    fmt(header),
    fmt(widths.map((w) => '-'.repeat(w))),
    ...rows.map(fmt),
    ...(uncalibrated ? ['', '* not a calibrated uncertainty: the reading is only good to the frame (or column) interval shown'] : []),
  ].join('\n');
}
