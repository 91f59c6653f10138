/** `photofinish unmark`: removes a competitor's hairline (recorded in the audit log like every change). */
import { UserError } from '../../domain/errors.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { officialName, openRaceArg, printWithdrawnDeadHeats } from './race-command.js';

export const unmarkCommand: CliCommand = {
  name: 'unmark',
  summary: "Remove a competitor's hairline.",
  usage: ['  photofinish unmark RACE --competitor ID [--by NAME]', '', '  --by   the official removing the mark (default: your user name)'].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('unmark', argv, { competitor: { type: 'string' }, by: { type: 'string' } });
    if (!values.competitor) throw new UserError('--competitor ID is required', 'INVALID_ARGUMENT');
    const race = await openRaceArg('unmark', positionals, ctx);
    const by = officialName(values.by);
    const view = await ctx.api.removeMark({ raceId: race.raceId, competitorId: values.competitor, by });
    ctx.io.out(`Removed the mark of ${values.competitor.trim()}; by ${by}`);
    printWithdrawnDeadHeats(ctx, race, view);
    return 0;
  },
};
