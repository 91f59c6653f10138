/**
 * `photofinish zero-control SOURCE`: the zero-control test. The start device fired at the finish line in view of the
 * camera: the flash in the picture and the report in the audio must coincide. Exits 0 when the offset is within one
 * frame interval, 1 otherwise.
 */
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { officialName } from './race-command.js';

const ms = (s: number) => `${s >= 0 ? '+' : ''}${(s * 1000).toFixed(3)} ms`;

export const zeroControlCommand: CliCommand = {
  name: 'zero-control',
  summary: 'Zero-control test: the start device fired at the line; the flash and the report must coincide within a frame.',
  usage: [
    '  photofinish zero-control SOURCE [--audio FILE] [--out REPORT.json] [--by NAME]',
    '',
    '  SOURCE        a video (with its sound track) of the start device fired at the finish line in view of the',
    '                camera, or a race folder built from such a recording (with --audio for its sound)',
    '  --audio FILE  the sound, where it is not the video\'s own track (a WAV or any audio FFmpeg reads)',
    '  --out FILE    write the report (source hashes, times, offset, verdict, who, when); attach it to a race with',
    '                photofinish start RACE --zero-control FILE',
    '  --by          the official running the test (default: your user name)',
    '',
    '  Exit status 0: passed (the report lies within one frame interval of the flash); 1: failed.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('zero-control', argv, { audio: { type: 'string' }, out: { type: 'string' }, by: { type: 'string' } });
    const source = requirePositional(positionals, 0, 'SOURCE (a video of the start device fired at the finish line)');
    const r = await ctx.api.runZeroControl({
      source,
      ...(values.audio !== undefined ? { audioPath: values.audio } : {}),
      ...(values.out !== undefined ? { out: values.out } : {}),
      by: officialName(values.by),
    });
    ctx.io.out(
      [
        `Flash   ${r.flash.time_s.toFixed(6)} s  between the frame before and frame ${r.flash.frame} (±${(r.flash.uncertainty_s * 1000).toFixed(3)} ms; frame interval ${(r.flash.frame_interval_s * 1000).toFixed(3)} ms)`,
        `Report  ${r.report.time_s.toFixed(6)} s  in the audio (sample ${r.report.sample} at ${r.report.sample_rate} Hz, rise ${r.report.rise_db} dB)`,
        `Offset  ${ms(r.offset_s)} (report − flash); tolerance ±${(r.tolerance_s * 1000).toFixed(3)} ms (one frame interval)`,
        `Zero control ${r.passed ? 'PASSED' : 'FAILED'}${values.out ? `; report written to ${values.out}` : ''}`,
      ].join('\n'),
    );
    return r.passed ? 0 : 1;
  },
};
