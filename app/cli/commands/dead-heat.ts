/** `photofinish dead-heat`: records an official's dead-heat decision (the finishers share the place), or withdraws it. */
import { UserError } from '../../domain/errors.js';
import { parseCommandArgs, requireBy } from '../args.js';
import type { CliCommand } from '../command.js';
import { describeFinisher, openRaceArg } from './race-command.js';

export const deadHeatCommand: CliCommand = {
  name: 'dead-heat',
  summary: 'Declare a dead heat between marked competitors (an official decision; they share the place), or withdraw one.',
  usage: [
    '  photofinish dead-heat RACE --competitors ID,ID[,ID...] --by NAME',
    '  photofinish dead-heat RACE --competitors ID,ID --withdraw [--reason TEXT] --by NAME',
    '',
    '  Refused unless the competitors are inseparable at the sport\'s published precision: the same published',
    '  time (motorsport, athletics), or hairlines within one frame interval of each other (horse, greyhound).',
    '  --withdraw   withdraw the declared dead heat these competitors are in',
    '  --by         the official who decided (required)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('dead-heat', argv, {
      competitors: { type: 'string' },
      withdraw: { type: 'boolean' },
      reason: { type: 'string' },
      by: { type: 'string' },
    });
    const ids = (values.competitors ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const least = values.withdraw ? 1 : 2;
    if (ids.length < least) throw new UserError(`--competitors needs at least ${least === 1 ? 'one id' : 'two ids separated by commas'}`, 'INVALID_ARGUMENT');
    if (values.reason !== undefined && !values.withdraw) throw new UserError('--reason goes with --withdraw', 'INVALID_ARGUMENT');
    const by = requireBy(values.by, 'a dead heat is an official decision');
    const race = await openRaceArg('dead-heat', positionals, ctx);
    if (values.withdraw) {
      const view = await ctx.api.withdrawDeadHeat({ raceId: race.raceId, competitors: ids, by, ...(values.reason !== undefined ? { reason: values.reason } : {}) });
      const w = view.withdrawnDeadHeats[view.withdrawnDeadHeats.length - 1];
      ctx.io.out(`Dead heat ${(w?.competitors ?? ids).map((c) => `#${c}`).join(' and ')} withdrawn by ${by}:`);
      for (const id of w?.competitors ?? ids) ctx.io.out(`  ${describeFinisher(view, id)}`);
      return 0;
    }
    const view = await ctx.api.declareDeadHeat({ raceId: race.raceId, competitors: ids, by });
    ctx.io.out(`Dead heat declared by ${by}:`);
    for (const id of ids) ctx.io.out(`  ${describeFinisher(view, id)}`);
    return 0;
  },
};
