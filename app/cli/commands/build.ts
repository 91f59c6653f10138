/**
 * `photofinish build SOURCE --out RACE ...`: the same startBuild job the desktop app runs, followed through its
 * events, with a progress bar on a terminal and Ctrl+C cancelling the job (no half-written race is left).
 */
import { remedyOf } from '../../api/errors.js';
import type { ApiEvent } from '../../api/events.js';
import type { BuildRequest } from '../../api/methods/build.js';
import path from 'node:path';
import { UserError, CancelledError } from '../../domain/errors.js';
import { describeLine, parseLineSpec } from '../../domain/line/finish-line.js';
import { parseRate } from '../../domain/time/time-map.js';
import { rateDifferenceText, rateSource } from '../../domain/race/rate-source.js';
import { parseSecondsToTicks, ticksToDecimalSeconds } from '../../domain/time/ticks.js';
import { loadManifest, readTimes } from '../../store/evidence-reader.js';
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';
import { gapLine } from '../gap-line.js';
import { createProgressPrinter } from '../progress.js';

type BuildArgs = Omit<Partial<BuildRequest>, 'sport'> & { source: string; out: string; sport?: string };

export const buildCommand: CliCommand = {
  name: 'build',
  summary: 'Build a race (the photo-finish composite and its exact time map) from frames, a video, a GIF or a line-scan image.',
  usage: [
    '  photofinish build SOURCE --out RACE [--line X | --line X1,Y1,X2,Y2] [--fps N | --timestamps FILE | --line-rate N]',
    '                    [--start-time S] [--name TEXT] [--sport S] [--start-list FILE [--event E[-R[-H]]]]',
    '                    [--skip-bad] [--no-suggestions] [--force [--replace-certified]]',
    '  photofinish build SOURCE --meet MEETDIR --event E-R-H [options above but --out and --start-list]',
    '',
    '  SOURCE            a folder of frames (JPEG, PNG, TIFF, WebP; 8/16-bit), a video (mp4, mov, avi, mkv),',
    '                    an animated GIF, or a native line-scan image (each column one line)',
    '  --out RACE        the race folder to create',
    '  --line X          the finish line as pixel column X, copied exactly (default: the middle column)',
    '  --line X1,Y1,X2,Y2  any segment, sampled at unit steps (bilinear); one composite row per sample',
    '  --fps N           frames per second (e.g. 1000, 29.97 or 30000/1001); first frame at --start-time (default 0)',
    '  --timestamps FILE CSV with a header ("file" or "frame", and "time_s") or a JSON array of the same',
    '  --line-rate N     lines per second of a line-scan image',
    '  --name TEXT       the race name (default: the folder name)',
    '  --sport S         motorsport (default), athletics, horse or greyhound',
    '  --start-list FILE competitors (FinishLynx .evt/.ppl or CSV); a lynx.evt also names the event',
    '  --event E[-R[-H]] for a lynx.evt holding several events: which one (event, event-round or event-round-heat)',
    '  --meet MEETDIR    build the race of the meet\'s schedule named by --event, in MEETDIR/races/012-1-03, with its',
    '                    event and start list from the meet\'s lynx.evt (and names from lynx.ppl)',
    '  --skip-bad        leave out frames that cannot be read (recorded as gaps) instead of stopping',
    '  --no-suggestions  do not look for leading edges during the build (photofinish detect finds them later);',
    '                    a quicker build, since the detector decodes every frame again',
    '  --force           replace a race already in RACE (not a certified one, nor one whose audit log is',
    '                    missing or damaged: it may be certified)',
    '  --replace-certified  with --force: replace even a certified (or unreadable) race, deleting its revisions,',
    '                    certifications and audit entries',
    '',
    '  Videos and GIFs carry their own times (presentation timestamps, frame delays); --fps overrides them.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('build', argv, {
      out: { type: 'string', short: 'o' },
      line: { type: 'string' },
      fps: { type: 'string' },
      timestamps: { type: 'string' },
      'line-rate': { type: 'string' },
      'start-time': { type: 'string' },
      name: { type: 'string' },
      sport: { type: 'string' },
      'start-list': { type: 'string' },
      event: { type: 'string' },
      'skip-bad': { type: 'boolean' },
      'no-suggestions': { type: 'boolean' },
      force: { type: 'boolean' },
      'replace-certified': { type: 'boolean' },
      meet: { type: 'string' },
    });
    const source = requirePositional(positionals, 0, 'SOURCE (a folder of frames, a video, a GIF or a line-scan image)');
    const meet = values.meet !== undefined ? await meetTarget(values) : null;
    if (meet) Object.assign(values, { out: meet.out, event: meet.startList ? meet.startListEvent : undefined, 'start-list': meet.startList ?? undefined, name: values.name ?? meet.name });
    if (!values.out) throw new UserError('missing --out RACE (the race folder to create)', 'INVALID_ARGUMENT');
    const timingFlags = (['fps', 'timestamps', 'line-rate'] as const).filter((k) => values[k] !== undefined);
    if (timingFlags.length > 1) throw new UserError(`give only one of --fps, --timestamps, --line-rate (got ${timingFlags.map((f) => `--${f}`).join(' and ')})`, 'INVALID_ARGUMENT');
    const start = values['start-time'];
    if (start !== undefined && values.fps === undefined && values['line-rate'] === undefined) {
      throw new UserError('--start-time goes with --fps or --line-rate', 'INVALID_ARGUMENT');
    }
    // Checked here so a bad value is refused in the flag's own name (the engine words it as "frame rate").
    if (values.fps !== undefined) parseRate(values.fps, '--fps');
    if (values['line-rate'] !== undefined) parseRate(values['line-rate'], '--line-rate');
    if (start !== undefined) parseSecondsToTicks(start, '--start-time');
    const args: BuildArgs = { source, out: values.out };
    if (values.line !== undefined) args.line = parseLineSpec(values.line, '--line');
    if (values.fps !== undefined) args.timing = { kind: 'fps', fps: values.fps, ...(start !== undefined ? { startTimeS: start } : {}) };
    if (values['line-rate'] !== undefined) args.timing = { kind: 'line-rate', rate: values['line-rate'], ...(start !== undefined ? { startTimeS: start } : {}) };
    if (values.timestamps !== undefined) args.timing = { kind: 'timestamps', file: values.timestamps };
    if (values.name !== undefined) args.name = values.name;
    if (values.sport !== undefined) args.sport = values.sport;
    if (values['start-list'] !== undefined) args.startList = values['start-list'];
    if (values.event !== undefined) {
      if (values['start-list'] === undefined) throw new UserError('--event goes with --start-list (which event of a lynx.evt)', 'INVALID_ARGUMENT');
      args.startListEvent = values.event;
    }
    if (values['skip-bad']) args.skipBad = true;
    if (values['no-suggestions']) args.suggestions = false;
    if (values['replace-certified'] && !values.force) throw new UserError('--replace-certified goes with --force', 'INVALID_ARGUMENT');
    if (values.force) args.force = true;
    if (values['replace-certified']) args.replaceCertified = true;

    const racePath = await runBuildJob(ctx, () => ctx.api.startBuild(args as Parameters<typeof ctx.api.startBuild>[0]));
    await printSummary(ctx, racePath);
    if (values.meet !== undefined) await joinMeet(ctx, values.meet, racePath);
    return 0;
  },
};

/** `--meet MEETDIR --event E-R-H`: the race folder, start list and name the meet gives; --out and --start-list are the meet's. */
async function meetTarget(values: { meet?: string; event?: string; out?: string; 'start-list'?: string }) {
  if (values.out !== undefined) throw new UserError('give --meet MEETDIR or --out RACE, not both (a meet puts its races in MEETDIR/races)', 'INVALID_ARGUMENT');
  if (values['start-list'] !== undefined) throw new UserError("--meet takes the start list from the meet's lynx.evt; leave out --start-list", 'INVALID_ARGUMENT');
  if (values.event === undefined) throw new UserError('--meet needs --event E-R-H (which race of the schedule, e.g. 12-1-3)', 'INVALID_ARGUMENT');
  const { meetBuildTarget } = await import('../../meet/meet-build.js');
  return meetBuildTarget(path.resolve(values.meet as string), values.event, '--event');
}

/** A new race of a meet: names from lynx.ppl filled in (by "meet input"), then its results written to the meet's output. */
async function joinMeet(ctx: CliContext, meetDir: string, racePath: string): Promise<void> {
  await ctx.api.openRace({ path: racePath });
  const synced = await ctx.api.syncMeet({ path: meetDir });
  for (const r of synced.refused) ctx.io.err(`photofinish build: warning: ${r.message}`);
  for (const n of synced.notes) ctx.io.err(`photofinish build: note: ${n}`);
  ctx.io.out(`  meet      ${path.basename(racePath)} of ${path.resolve(meetDir)}`);
}

/** Starts the job (`start`) and follows its events to the end; Ctrl+C cancels it. Returns the race folder. */
export async function runBuildJob(ctx: CliContext, start: () => Promise<{ jobId: string }>): Promise<string> {
  const progress = createProgressPrinter(ctx.io, (phase) => (phase === 'frames' ? 'frames' : 'bands'));
  const seen: ApiEvent[] = [];
  let jobId: string | null = null;
  let settle: ((e: Extract<ApiEvent, { type: 'job-finished' }>) => void) | null = null;
  const finished = new Promise<Extract<ApiEvent, { type: 'job-finished' }>>((resolve) => (settle = resolve));
  const handle = (e: ApiEvent) => {
    if (e.type === 'job-progress' && e.jobId === jobId) progress.update(e);
    if (e.type === 'job-finished' && e.jobId === jobId) settle?.(e);
  };
  const unsubscribe = ctx.running.subscribe((e) => (jobId === null ? seen.push(e) : handle(e)));
  const onSigint = () => {
    if (jobId) void ctx.api.cancelJob({ jobId }).catch(() => undefined);
  };
  process.on('SIGINT', onSigint);
  try {
    jobId = (await start()).jobId;
    for (const e of seen.splice(0)) handle(e);
    const end = await finished;
    progress.end();
    if (end.state === 'cancelled') throw new CancelledError('build cancelled; nothing was written');
    if (end.state === 'failed') throw new UserError(end.error ?? 'build failed', 'USER_ERROR', remedyOf(end));
    return end.racePath as string;
  } finally {
    progress.end();
    process.off('SIGINT', onSigint);
    unsubscribe();
  }
}

export async function printSummary(ctx: CliContext, racePath: string): Promise<void> {
  const [m, times] = await Promise.all([loadManifest(racePath), readTimes(racePath)]);
  const interval = BigInt(m.measured.medianIntervalNs);
  const lines = [
    `Built ${racePath}`,
    `  source    ${m.source.description}`,
    `  composite ${m.columns} columns × ${m.rows} rows (${m.composite.path})`,
    ...(m.lineGiven ? [`  line      clipped to the frame: ${describeLine(m.line)} (given ${describeLine(m.lineGiven)}, which crosses the frame's edge)`] : []),
    `  rate      ${m.measured.rate.toFixed(3)} per second ${rateSource(m) === 'given' ? 'given' : 'measured'} (median interval ${ticksToDecimalSeconds(interval)} s, min ${ticksToDecimalSeconds(BigInt(m.measured.minIntervalNs))} s, max ${ticksToDecimalSeconds(BigInt(m.measured.maxIntervalNs))} s, spread ${ticksToDecimalSeconds(BigInt(m.measured.spreadNs))} s)`,
    ...(rateDifferenceText(m) ? [`  warning   ${rateDifferenceText(m)}; every time follows the given rate`] : []),
    `  gaps      ${m.gaps.length === 0 ? 'none' : m.gaps.length}`,
  ];
  for (const g of m.gaps.slice(0, 20)) lines.push(gapLine(g, times.timesNs[0] as string));
  if (m.gaps.length > 20) lines.push(`    ... and ${m.gaps.length - 20} more (photofinish info ${racePath})`);
  ctx.io.out(lines.join('\n'));
}
