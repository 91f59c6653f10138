/**
 * `photofinish zero-control SOURCE`: the zero-control test. The start device fired at the finish line in view of the
 * camera: the flash in the picture and the report in the audio must coincide. By the sport's rules: athletics asks
 * for a recording at 1000 frames per second or more and an offset within 1 ms; other sports one frame interval.
 * Exits 0 when passed, 1 otherwise, saying which rule it failed.
 */
import { UserError } from '../../domain/errors.js';
import { SPORT_NAMES } from '../../domain/sports/sport-list.js';
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { officialName } from './race-command.js';

const ms = (s: number) => `${s >= 0 ? '+' : ''}${(s * 1000).toFixed(3)} ms`;

export const zeroControlCommand: CliCommand = {
  name: 'zero-control',
  summary: 'Zero-control test: the start device fired at the line; the flash and the report must coincide within a frame.',
  usage: [
    '  photofinish zero-control SOURCE [--audio FILE] [--sport S] [--out REPORT.json] [--by NAME]',
    '',
    '  SOURCE        a video (with its sound track) of the start device fired at the finish line in view of the',
    '                camera, or a race folder built from such a recording (with --audio for its sound)',
    '  --audio FILE  the sound, where it is not the video\'s own track (a WAV or any audio FFmpeg reads)',
    '  --out FILE    write the report (source hashes, times, offset, verdict, who, when); attach it to a race with',
    '                photofinish start RACE --zero-control FILE',
    '  --sport S     whose rules judge it: athletics (recorded at 1000 frames/s or more, offset within 1 ms), or',
    '                motorsport, horse, greyhound (within one frame interval); default: a race folder\'s own sport,',
    '                else one frame interval. Attaching it to a race judges it again by that race\'s sport.',
    '  --by          the official running the test (default: your user name)',
    '',
    '  Exit status 0: passed; 1: failed, saying which rule.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('zero-control', argv, { audio: { type: 'string' }, sport: { type: 'string' }, out: { type: 'string' }, by: { type: 'string' } });
    const source = requirePositional(positionals, 0, 'SOURCE (a video of the start device fired at the finish line)');
    const sport = values.sport?.trim().toLowerCase();
    if (sport !== undefined && !(SPORT_NAMES as readonly string[]).includes(sport)) {
      throw new UserError(`--sport must be one of ${SPORT_NAMES.join(', ')}, got "${values.sport}"`, 'INVALID_ARGUMENT');
    }
    const r = await ctx.api.runZeroControl({
      source,
      ...(values.audio !== undefined ? { audioPath: values.audio } : {}),
      ...(sport !== undefined ? { sport: sport as (typeof SPORT_NAMES)[number] } : {}),
      ...(values.out !== undefined ? { out: values.out } : {}),
      by: officialName(values.by),
    });
    ctx.io.out(
      [
        `Flash   ${r.flash.time_s.toFixed(6)} s  between the frame before and frame ${r.flash.frame} (±${(r.flash.uncertainty_s * 1000).toFixed(3)} ms; frame interval ${(r.flash.frame_interval_s * 1000).toFixed(3)} ms)`,
        `Report  ${r.report.time_s.toFixed(6)} s  in the audio (sample ${r.report.sample} at ${r.report.sample_rate} Hz, rise ${r.report.rise_db} dB)`,
        `Offset  ${ms(r.offset_s)} (report − flash); tolerance ±${(r.tolerance_s * 1000).toFixed(3)} ms (${r.rules === 'athletics' ? 'athletics: at 1000 frames/s or more, within 1 ms' : 'one frame interval'})`,
        `Zero control ${r.passed ? 'PASSED' : `FAILED: ${(r.failures ?? []).join('; ')}`}${values.out ? `; report written to ${values.out}` : ''}`,
      ].join('\n'),
    );
    return r.passed ? 0 : 1;
  },
};
