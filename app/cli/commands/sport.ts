/** `photofinish sport RACE NAME [--lps N]`: chooses the sport's publication rules (until certification). */
import { UserError } from '../../domain/errors.js';
import { sportName } from '../../domain/race/document.js';
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { officialName, openRaceArg } from './race-command.js';

export const sportCommand: CliCommand = {
  name: 'sport',
  summary: 'Set the sport whose rules the results follow: motorsport, athletics, horse or greyhound.',
  usage: [
    '  photofinish sport RACE motorsport|athletics|horse|greyhound [--lps N] [--by NAME]',
    '',
    '  --lps N    horse racing: lengths per second for the distances (default 5; British racing uses 4 to 6)',
    '  --by       the official making the change (default: your user name)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('sport', argv, { lps: { type: 'string' }, by: { type: 'string' } }, 2);
    const name = requirePositional(positionals, 1, 'NAME (motorsport, athletics, horse or greyhound)');
    const parsed = sportName.safeParse(name);
    if (!parsed.success) throw new UserError(`"${name}" is not a sport (motorsport, athletics, horse or greyhound)`, 'INVALID_ARGUMENT');
    if (values.lps !== undefined && !/^\s*\d+(\.\d+)?\s*$/.test(values.lps)) throw new UserError(`--lps must be a number of lengths per second, got "${values.lps}"`, 'INVALID_ARGUMENT');
    const race = await openRaceArg('sport', positionals, ctx);
    const view = await ctx.api.setSport({ raceId: race.raceId, sport: parsed.data, by: officialName(values.by), ...(values.lps !== undefined ? { lengthsPerSecond: values.lps } : {}) });
    ctx.io.out(`Sport of "${view.meta.name}": ${view.sport.sport}${view.results.rule ? ` (${view.results.rule})` : ''}`);
    return 0;
  },
};
