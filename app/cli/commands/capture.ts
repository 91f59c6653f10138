/**
 * `photofinish capture INPUT --out RACE ...`: records a race from a camera or a stream through FFmpeg (the service's
 * startStreamCapture, as the app's capture screen does), until --duration, Ctrl+C or SIGTERM, or the motion
 * trigger's stop, and then builds it (the same build job as `photofinish build`). `--list-devices` prints the
 * cameras FFmpeg can read here, one line each with its modes.
 */
import type { ApiEvent } from '../../api/events.js';
import { describeDevice } from '../../domain/capture/device-list.js';
import { UserError } from '../../domain/errors.js';
import { parseLineSpec } from '../../domain/line/finish-line.js';
import { isSportName } from '../../domain/sports/sport-list.js';
import { parseCommandArgs, requireBy } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';
import { printSummary, runBuildJob } from './build.js';

const positive = (text: string | undefined, flag: string, max: number): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(n > 0) || n > max) throw new UserError(`${flag} ${text}: not a number of seconds or frames/s above 0 (at most ${max})`, 'INVALID_ARGUMENT');
  return n;
};

export const captureCommand: CliCommand = {
  name: 'capture',
  summary: 'Record a race from a USB or IP camera through FFmpeg (every frame as the camera sent it), then build it.',
  usage: [
    '  photofinish capture INPUT --out RACE --line SPEC --by NAME [--format F] [--size WxH] [--rate N]',
    '                      [--duration S] [--motion [--pre-trigger S] [--stop-after S]] [--name TEXT] [--sport S]',
    '  photofinish capture --list-devices',
    '',
    '  INPUT             a device (/dev/video0, "video=USB Camera", 0) or an address (rtsp://…, udp://…, http://…)',
    '  --format F        ffmpeg input format: v4l2, dshow, avfoundation for a device; mpegts etc. for an address',
    '  --size WxH        the camera mode to ask for (a device), e.g. 1280x720',
    '  --rate N          frames per second to ask for (a device)',
    '  --line X | X1,Y1,X2,Y2   the finish line, as for build',
    '  --duration S      stop after S seconds (without: until Ctrl+C or SIGTERM); then the race is built',
    '  --motion          armed: recording starts when something moves on the line and stops after --stop-after',
    '                    seconds of stillness (default 2), keeping --pre-trigger seconds from before (default 2)',
    '  --by NAME         who runs the recording (kept in the recording\'s capture.json)',
    '  --list-devices    the cameras FFmpeg can read here, one line each with its modes',
    '',
    '  MJPEG is kept as the camera\'s own JPEG frames, H.264/HEVC as the stream it sent; each frame keeps the',
    '  stream\'s own timestamp. Frames go to RACE-frames/ as they arrive: a kill leaves a recording to build.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('capture', argv, {
      out: { type: 'string' },
      line: { type: 'string' },
      format: { type: 'string' },
      size: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      motion: { type: 'boolean' },
      'pre-trigger': { type: 'string' },
      'stop-after': { type: 'string' },
      by: { type: 'string' },
      name: { type: 'string' },
      sport: { type: 'string' },
      'list-devices': { type: 'boolean' },
    });
    if (values['list-devices']) return listDevices(ctx);
    const input = positionals[0];
    if (!input) throw new UserError('missing INPUT (a device such as /dev/video0, or an address such as udp://127.0.0.1:5000)', 'INVALID_ARGUMENT');
    if (!values.out) throw new UserError('missing --out RACE (the race folder to create)', 'INVALID_ARGUMENT');
    if (!values.line) throw new UserError('missing --line SPEC (the finish line: a pixel column X, or X1,Y1,X2,Y2)', 'INVALID_ARGUMENT');
    const by = requireBy(values.by, 'who runs the recording');
    if (!values.motion && (values['pre-trigger'] !== undefined || values['stop-after'] !== undefined)) throw new UserError('--pre-trigger and --stop-after go with --motion', 'INVALID_ARGUMENT');
    const sport = values.sport ?? 'motorsport';
    if (!isSportName(sport)) throw new UserError(`--sport ${sport}: not a sport (motorsport, athletics, horse or greyhound)`, 'INVALID_ARGUMENT');
    const size = values.size === undefined ? undefined : /^(\d{1,5})x(\d{1,5})$/.exec(values.size);
    if (size === null) throw new UserError(`--size ${values.size}: not WIDTHxHEIGHT (e.g. 1280x720)`, 'INVALID_ARGUMENT');
    const rate = positive(values.rate, '--rate', 10000);
    const duration = positive(values.duration, '--duration', 24 * 3600);
    const preTriggerS = positive(values['pre-trigger'], '--pre-trigger', 5) ?? 2;
    const stopAfterS = positive(values['stop-after'], '--stop-after', 30) ?? 2;
    const line = parseLineSpec(values.line, '--line');

    let onEnded: (e: Extract<ApiEvent, { type: 'capture-ended' }>) => void = () => undefined;
    const ended = new Promise<Extract<ApiEvent, { type: 'capture-ended' }>>((resolve) => (onEnded = resolve));
    let captureId: string | null = null;
    let last = { frames: 0, missing: 0, rate: null as number | null, trigger: 'off' };
    const unsubscribe = ctx.running.subscribe((e) => {
      if (e.type === 'capture-columns' && e.captureId === captureId) last = e.columns;
      if (e.type === 'capture-ended' && e.captureId === captureId) onEnded(e);
    });
    let stopAsked: () => void = () => undefined;
    const stopped = new Promise<string>((resolve) => (stopAsked = () => resolve('stop')));
    const onSignal = () => stopAsked();
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    const status = setInterval(() => {
      const what = last.trigger === 'armed' ? 'armed, waiting for movement on the line' : `${last.frames} frames, ${last.missing} lost${last.rate ? `, ${last.rate.toFixed(1)} frames/s` : ''}`;
      ctx.io.err(`recording: ${what}`);
    }, ctx.io.isTTY ? 1000 : 5000);
    try {
      const started = await ctx.api.startStreamCapture({
        plan: { out: values.out, name: values.name ?? '', sport, line, travel: 'right-to-left' },
        source: { input, ...(values.format ? { format: values.format } : {}), ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}), ...(rate ? { rate } : {}), by: by },
        ...(values.motion ? { trigger: { preTriggerS, stopAfterS } } : {}),
      });
      captureId = started.captureId;
      ctx.io.err(`Recording ${input} (${started.camera.width}×${started.camera.height}, ${started.camera.stream?.codec ?? 'video'}) into ${started.folder}${duration ? ` for ${duration} s` : '; Ctrl+C stops'}${values.motion ? '; armed' : ''}`);
      const timer = duration ? new Promise<string>((resolve) => setTimeout(() => resolve('duration'), duration * 1000)) : new Promise<string>(() => undefined);
      const why = await Promise.race([timer, stopped, ended.then((e) => (e.error ? `error: ${e.error}` : 'ended'))]);
      if (why.startsWith('error: ')) ctx.io.err(`The stream stopped (${why.slice(7)}); building what was recorded.`);
      const racePath = await runBuildJob(ctx, async () => {
        const stop = await ctx.api.stopCapture({ captureId: started.captureId });
        const s = stop.summary;
        ctx.io.err(`Recorded ${s.frames} frames (${s.missing} lost in ${s.gaps} gap${s.gaps === 1 ? '' : 's'}${s.droppedBusy ? `, ${s.droppedBusy} not written in time` : ''}) into ${stop.folder}`);
        return stop;
      });
      await printSummary(ctx, racePath);
      return 0;
    } finally {
      clearInterval(status);
      unsubscribe();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  },
};

async function listDevices(ctx: CliContext): Promise<number> {
  const devices = await ctx.api.listCaptureDevices({});
  if (devices.length === 0) ctx.io.out('No camera that FFmpeg can read was found (a network camera is given by its address: rtsp://…, udp://…, http://…).');
  for (const d of devices) ctx.io.out(describeDevice(d));
  return 0;
}
