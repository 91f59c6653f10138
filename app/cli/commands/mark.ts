/** `photofinish mark`: places or moves a competitor's hairline at a composite column, a time, or an accepted suggestion. */
import { UserError } from '../../domain/errors.js';
import { numberOption, parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { describeFinisher, officialName, openRaceArg, printWithdrawnDeadHeats } from './race-command.js';

export const markCommand: CliCommand = {
  name: 'mark',
  summary: "Place (or move) a competitor's hairline at a composite column, a time, or a detected edge.",
  usage: [
    '  photofinish mark RACE --competitor ID (--time S | --column C | --accept N) [--by NAME] [--typed | --hand]',
    '',
    '  --column C   fractional composite column read from the image (e.g. 812.4)',
    '  --time S     race time in seconds (12.345 or 1:02.345) read from the image (from time zero; on the footage',
    '               clock while the race has no start)',
    '  --accept N   accept detected edge N of `photofinish detect RACE` (recorded as suggested, accepted by you)',
    '  --typed      the time was keyed in from another source, not read from the image (flagged on every result)',
    '  --hand       a hand-timed (stopwatch) time: published to 1/10 s rounded up with an "h" (12.431 -> 12.5h)',
    '  --by         the official placing the mark (default: your user name)',
    '',
    '  Refused on a certified race: amend it first.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('mark', argv, {
      competitor: { type: 'string' },
      time: { type: 'string' },
      column: { type: 'string' },
      by: { type: 'string' },
      typed: { type: 'boolean' },
      hand: { type: 'boolean' },
      accept: { type: 'string' },
    });
    if (!values.competitor) throw new UserError('--competitor ID is required', 'INVALID_ARGUMENT');
    const given = [values.time, values.column, values.accept].filter((v) => v !== undefined).length;
    if (given !== 1) throw new UserError('give exactly one of --time S, --column C or --accept N', 'INVALID_ARGUMENT');
    if (values.typed && values.time === undefined) throw new UserError('--typed applies to --time only (a column or a suggestion is read from the image)', 'INVALID_ARGUMENT');
    if (values.hand && values.time === undefined) throw new UserError('--hand applies to --time only (a hand time comes from a stopwatch, not the image)', 'INVALID_ARGUMENT');
    if (values.hand && values.typed) throw new UserError('give --typed or --hand, not both (a hand time is its own kind of typed time)', 'INVALID_ARGUMENT');
    const suggestion = numberOption('accept', values.accept);
    if (suggestion !== undefined && (!Number.isInteger(suggestion) || suggestion < 0)) {
      throw new UserError(`--accept takes the number of a detected edge (0, 1, ...), got "${values.accept}"`, 'INVALID_ARGUMENT');
    }
    const column = numberOption('column', values.column);
    if (column !== undefined && column < 0) throw new UserError(`--column must not be negative, got "${values.column}"`, 'INVALID_ARGUMENT');
    const race = await openRaceArg('mark', positionals, ctx);
    const by = officialName(values.by);
    const view = await ctx.api.placeMark({
      raceId: race.raceId,
      competitorId: values.competitor,
      by,
      ...(column !== undefined
        ? { column }
        : suggestion !== undefined
          ? { suggestion }
          : { timeS: values.time as string, typed: values.typed === true, ...(values.hand ? { hand: true } : {}) }),
    });
    ctx.io.out(`Marked ${describeFinisher(view, values.competitor.trim())}; by ${by}`);
    printWithdrawnDeadHeats(ctx, race, view);
    return 0;
  },
};
