/** `photofinish amend`: reopens a certified race as the next revision; the reason is printed on later sheets. */
import { UserError } from '../../domain/errors.js';
import { parseCommandArgs, requireBy } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg } from './race-command.js';

export const amendCommand: CliCommand = {
  name: 'amend',
  summary: 'Reopen a certified race as the next revision, with the reason and the official who decided.',
  usage: ['  photofinish amend RACE --reason TEXT --by NAME', '', '  Both are required; the reason appears on every later result sheet.'].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('amend', argv, { reason: { type: 'string' }, by: { type: 'string' } });
    if (!values.reason?.trim()) throw new UserError('--reason TEXT is required', 'INVALID_ARGUMENT');
    const by = requireBy(values.by, 'the official amending the result');
    const race = await openRaceArg('amend', positionals, ctx);
    const view = await ctx.api.amend({ raceId: race.raceId, by, reason: values.reason });
    ctx.io.out(`Amended "${view.meta.name}": now revision ${view.revision}, open for changes (by ${by}: ${values.reason.trim()})`);
    return 0;
  },
};
