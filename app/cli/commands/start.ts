/**
 * `photofinish start RACE`: sets (or changes, or clears) the race's time zero — the start signal — typed, from the
 * gun's report in the audio (corrected for the speed of sound), or from the gun's flash in the picture; and attaches
 * a zero-control report. Without a way given it prints the current time zero.
 */
import type { LeanRaceView } from '../../api/types.js';
import { UserError } from '../../domain/errors.js';
import { startLine, zeroControlLine } from '../../domain/start/start-text.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';
import { officialName, openRaceArg } from './race-command.js';

/** `--audio` takes an optional FILE: alone (or before another option) it means the video's own sound track. */
function optionalAudioValue(argv: string[]): string[] {
  return argv.flatMap((a, i) => (a === '--audio' && (argv[i + 1] === undefined || argv[i + 1]?.startsWith('-')) ? ['--audio='] : [a]));
}

function report(ctx: CliContext, view: LeanRaceView, before: LeanRaceView): void {
  const start = view.results.start;
  ctx.io.out(`Time zero: ${startLine(start)}`);
  if (start?.method === 'audio' && start.sound_delay_s === null) {
    ctx.io.err('photofinish start: warning: sound delay not corrected (no --distance): every time is short by distance ÷ 343 m/s, 0.29 s over 100 m');
  }
  const zc = zeroControlLine(view.results.zero_control);
  if (zc) ctx.io.out(zc);
  const marked = view.marks.length;
  if (marked && before.results.start?.time_ns !== start?.time_ns) {
    const winner = view.results.finishers.find((f) => f.place === 1);
    ctx.io.out(`Re-timed ${marked} mark${marked === 1 ? '' : 's'} from the new time zero${winner ? `; winner ${winner.competitor} now ${winner.time_display || `${winner.time_s} s`}` : ''}.`);
  }
}

export const startCommand: CliCommand = {
  name: 'start',
  summary: "Set the race's time zero: typed, from the gun's report in the audio (sound delay corrected), or its flash.",
  usage: [
    '  photofinish start RACE --time S [--by NAME]',
    '  photofinish start RACE --audio [FILE] [--distance M] [--temperature C] [--by NAME]',
    '  photofinish start RACE --flash [--by NAME]',
    '  photofinish start RACE --clear [--by NAME]',
    '  photofinish start RACE ... --zero-control REPORT.json      (attach a zero-control report, alone or with a start)',
    '  photofinish start RACE                                     (print the current time zero)',
    '',
    "  --time S          time zero on the footage's own clock, typed (e.g. from a start system's log)",
    "  --audio [FILE]    the first sharp sound (the gun's report) in the race video's own sound track, or in FILE",
    "                    (a WAV or any audio FFmpeg reads, starting on the footage's clock)",
    '  --distance M      metres from the start to the microphone: the report arrives M ÷ c late, c = 331.3·√(1 + T/273.15) m/s',
    '  --temperature C   air temperature in °C for the speed of sound (default 20)',
    "  --flash           the first frame in which the scene brightens abruptly (the gun's flash)",
    '  --clear           remove time zero (times go back to the footage clock)',
    '  --zero-control R  attach the report written by photofinish zero-control --out R',
    '  --by              the official confirming it (default: your user name)',
    '',
    '  Every time the race shows is then a race time (footage time − time zero); marks are re-timed. Refused on a',
    '  certified race: amend it first.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('start', optionalAudioValue(argv), {
      time: { type: 'string' },
      audio: { type: 'string' },
      distance: { type: 'string' },
      temperature: { type: 'string' },
      flash: { type: 'boolean' },
      clear: { type: 'boolean' },
      'zero-control': { type: 'string' },
      by: { type: 'string' },
    });
    const ways = [values.time !== undefined, values.audio !== undefined, values.flash === true, values.clear === true].filter(Boolean).length;
    if (ways > 1) throw new UserError('give one of --time S, --audio [FILE], --flash or --clear', 'INVALID_ARGUMENT');
    if ((values.distance !== undefined || values.temperature !== undefined) && values.audio === undefined) {
      throw new UserError('--distance and --temperature correct an --audio start only', 'INVALID_ARGUMENT');
    }
    const race = await openRaceArg('start', positionals, ctx);
    const by = officialName(values.by);
    let view = race;
    if (values.clear) view = await ctx.api.clearStart({ raceId: race.raceId, by });
    else if (values.time !== undefined) view = await ctx.api.setStart({ raceId: race.raceId, method: 'typed', timeS: values.time, by });
    else if (values.flash) view = await ctx.api.setStart({ raceId: race.raceId, method: 'flash', by });
    else if (values.audio !== undefined) {
      view = await ctx.api.setStart({
        raceId: race.raceId,
        method: 'audio',
        ...(values.audio ? { audioPath: values.audio } : {}),
        ...(values.distance !== undefined ? { distanceM: values.distance } : {}),
        ...(values.temperature !== undefined ? { temperatureC: values.temperature } : {}),
        by,
      });
    }
    if (values['zero-control'] !== undefined) view = await ctx.api.attachZeroControl({ raceId: race.raceId, reportPath: values['zero-control'], by });
    report(ctx, view, race);
    return 0;
  },
};
