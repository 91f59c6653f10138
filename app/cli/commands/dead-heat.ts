/** `photofinish dead-heat`: records an official's dead-heat decision; the finishers share the place. */
import { UserError } from '../../domain/errors.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { describeFinisher, openRaceArg } from './race-command.js';

export const deadHeatCommand: CliCommand = {
  name: 'dead-heat',
  summary: 'Declare a dead heat between marked competitors (an official decision; they share the place).',
  usage: ['  photofinish dead-heat RACE --competitors ID,ID[,ID...] --by NAME', '', '  --by   the official who decided (required)'].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('dead-heat', argv, { competitors: { type: 'string' }, by: { type: 'string' } });
    const ids = (values.competitors ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length < 2) throw new UserError('--competitors needs at least two ids separated by commas', 'INVALID_ARGUMENT');
    if (!values.by?.trim()) throw new UserError('--by NAME is required (a dead heat is an official decision)', 'INVALID_ARGUMENT');
    const race = await openRaceArg('dead-heat', positionals, ctx);
    const view = await ctx.api.declareDeadHeat({ raceId: race.raceId, competitors: ids, by: values.by });
    ctx.io.out(`Dead heat declared by ${values.by.trim()}:`);
    for (const id of ids) ctx.io.out(`  ${describeFinisher(view, id)}`);
    return 0;
  },
};
