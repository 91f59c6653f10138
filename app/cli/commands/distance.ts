/** `photofinish distance`: the judge's own distance behind the finisher ahead (horse racing), with the reason; or clears it. */
import { UserError } from '../../domain/errors.js';
import { parseCommandArgs, requireBy } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg } from './race-command.js';

export const distanceCommand: CliCommand = {
  name: 'distance',
  summary: "Horse racing: set the judge's own distance behind the finisher ahead, with the reason (or clear it).",
  usage: [
    '  photofinish distance RACE --competitor ID --set NAME --reason TEXT --by NAME',
    '  photofinish distance RACE --competitor ID --clear --by NAME',
    '',
    '  --set NAME   a distance of the race\'s table: nose, short head, head, neck, ½, ¾, 1, 1¼, ... (or 1/2, 3/4, 1 1/4)',
    '  --reason     why the judge departs from the computed distance (printed on the sheet)',
    '  --by         the judge (required)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('distance', argv, {
      competitor: { type: 'string' },
      set: { type: 'string' },
      clear: { type: 'boolean' },
      reason: { type: 'string' },
      by: { type: 'string' },
    });
    if (!values.competitor?.trim()) throw new UserError('--competitor ID is required', 'INVALID_ARGUMENT');
    if ((values.set === undefined) === !values.clear) throw new UserError('give --set NAME or --clear', 'INVALID_ARGUMENT');
    if (values.set !== undefined && !values.reason?.trim()) throw new UserError('--reason TEXT is required with --set (the sheet prints it)', 'INVALID_ARGUMENT');
    const by = requireBy(values.by, 'the judge');
    const race = await openRaceArg('distance', positionals, ctx);
    const id = values.competitor.trim();
    if (values.clear) {
      await ctx.api.clearDistance({ raceId: race.raceId, competitorId: id, by });
      ctx.io.out(`Distance of ${id} back to the computed one; by ${by}`);
      return 0;
    }
    const view = await ctx.api.setDistance({ raceId: race.raceId, competitorId: id, distance: fractionWords(values.set as string), reason: values.reason as string, by });
    const f = view.results.finishers.find((r) => r.competitor === id);
    ctx.io.out(`${id}: ${f?.lengths_display ?? values.set}${f?.judge_distance ? ` (computed ${f.judge_distance.computed})` : ''}; by ${by}`);
    return 0;
  },
};

/** "1 1/2" and "3/4" as keyboards type them → "1½", "¾" as the table names them. */
function fractionWords(text: string): string {
  return text.trim().replace(/\s*\b1\/4\b/, '¼').replace(/\s*\b1\/2\b/, '½').replace(/\s*\b3\/4\b/, '¾');
}
