/** `photofinish sport RACE NAME [--lps N]`: chooses the sport's publication rules (until certification). */
import { UserError } from '../../domain/errors.js';
import { sportName } from '../../domain/race/document.js';
import { going, raceType, surface } from '../../domain/sports/horse-scale.js';
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { officialName, openRaceArg } from './race-command.js';

export const sportCommand: CliCommand = {
  name: 'sport',
  summary: 'Set the sport whose rules the results follow: motorsport, athletics, horse or greyhound.',
  usage: [
    '  photofinish sport RACE motorsport|athletics|horse|greyhound [--by NAME]',
    '  photofinish sport RACE horse [--race-type flat|jumps [--going G] [--surface S]] [--lps N] [--by NAME]',
    '',
    '  --race-type    horse racing: flat or jumps; with the going (and the all-weather surface) it chooses the',
    '                 British Horseracing Authority\'s lengths-per-second scale (Flat 5 to 6, Jumps 4 to 5)',
    '  --going G      hard, firm, good-to-firm, good (default), good-to-soft, soft or heavy (the going in the straight)',
    '  --surface S    turf (default), polytrack, tapeta or fibresand',
    '  --lps N        lengths per second set by the official, overriding the scale (default 5 without a race type)',
    '  --by       the official making the change (default: your user name)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs(
      'sport',
      argv,
      { lps: { type: 'string' }, 'race-type': { type: 'string' }, going: { type: 'string' }, surface: { type: 'string' }, by: { type: 'string' } },
      2,
    );
    const name = requirePositional(positionals, 1, 'NAME (motorsport, athletics, horse or greyhound)');
    const parsed = sportName.safeParse(name);
    if (!parsed.success) throw new UserError(`"${name}" is not a sport (motorsport, athletics, horse or greyhound)`, 'INVALID_ARGUMENT');
    if (values.lps !== undefined && !/^\s*\d+(\.\d+)?\s*$/.test(values.lps)) throw new UserError(`--lps must be a number of lengths per second, got "${values.lps}"`, 'INVALID_ARGUMENT');
    const scale = {
      ...(values['race-type'] !== undefined ? { raceType: oneOf('race-type', values['race-type'], raceType.options) } : {}),
      ...(values.going !== undefined ? { going: oneOf('going', values.going, going.options) } : {}),
      ...(values.surface !== undefined ? { surface: oneOf('surface', values.surface, surface.options) } : {}),
    };
    const race = await openRaceArg('sport', positionals, ctx);
    const view = await ctx.api.setSport({
      raceId: race.raceId,
      sport: parsed.data,
      by: officialName(values.by),
      ...scale,
      ...(values.lps !== undefined ? { lengthsPerSecond: values.lps } : {}),
    });
    ctx.io.out(`Sport of "${view.meta.name}": ${view.sport.sport}${view.results.rule ? ` (${view.results.rule})` : ''}`);
    return 0;
  },
};

/** A word from a fixed list ("good to soft" and "good-to-soft" alike), or a one-line refusal listing them. */
function oneOf<T extends string>(flag: string, given: string, options: readonly T[]): T {
  const word = given.trim().toLowerCase().replace(/\s+/g, '-');
  const found = options.find((o) => o === word);
  if (!found) throw new UserError(`--${flag} must be one of ${options.join(', ')}, got "${given}"`, 'INVALID_ARGUMENT');
  return found;
}
