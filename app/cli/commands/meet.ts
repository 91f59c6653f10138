/**
 * `photofinish meet init|set|races|board|sync MEETDIR`: a meet folder holding its races and its settings, the
 * schedule from the meet software's lynx files, results written back on every save, a results feed, the board.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { LIF_PRECISIONS, parseFeedTarget, parseLifPrecision, type MeetSettings } from '../../domain/meet/meet-settings.js';
import { compileTemplate } from '../../domain/meet/template.js';
import { watchMeetInput } from '../../meet/input-watcher.js';
import { storedPath } from '../../meet/meet-folder.js';
import { createMeetSettings, meetPaths, newBoardToken, readMeetSettings, updateMeetSettings } from '../../meet/meet-settings-file.js';
import { parseCommandArgs, requireBy, requirePositional } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';
import { officialName } from './race-command.js';

const SUBCOMMANDS = ['init', 'set', 'races', 'board', 'sync'] as const;

export const meetCommand: CliCommand = {
  name: 'meet',
  summary: "A meet: races from the meet software's lynx files, results written back on every save, a results feed and a board.",
  usage: [
    '  photofinish meet init MEETDIR [--input LYNXIN] [--output LYNXOUT] [--lif-precision 0.01|0.001] --by NAME',
    '  photofinish meet set MEETDIR [--input LYNXIN] [--output LYNXOUT] [--lif-precision 0.01|0.001]',
    '                    [--feed udp://HOST:PORT | tcp://HOST:PORT | --no-feed] [--feed-template FILE] [--by NAME]',
    '  photofinish meet races MEETDIR [--json]',
    '  photofinish meet board MEETDIR [--new-token]',
    '  photofinish meet sync MEETDIR [--watch]',
    '',
    '  MEETDIR          the meet folder: meet.json (its settings) and races/012-1-03/ (one folder per race)',
    '  --input LYNXIN   where the meet software writes lynx.sch, lynx.evt, lynx.ppl (default: MEETDIR)',
    '  --output LYNXOUT where 012-1-03.lif and 012-1-03.json are written after every save (default: MEETDIR)',
    '  --lif-precision  the time field of the .lif: 0.01 (default) or 0.001 s, rounded up',
    '  --feed URL       after every save, one message to this address (UDP datagram or TCP stream; never listens)',
    '  --feed-template FILE  the message layout (default: a line "seq,race,provisional|certified", then one',
    '                   line per finisher "place,bib,name,time"; the language is in the README, "At a meet")',
    '  races --json     [ { event, round, heat, name, state, race } ]: state scheduled, built, marked, certified',
    '                   or amended; race is the race folder, null until built',
    '  board            prints the board\'s read-only token; open <address of photofinish serve --meet MEETDIR>/board#token=TOKEN',
    '  sync             applies the input files now to races not yet certified (--watch: whenever they change)',
    '',
    '  Build a race of the meet with: photofinish build SOURCE --meet MEETDIR --event 12-1-3',
  ].join('\n'),
  async run(argv, ctx) {
    const [sub, ...rest] = argv;
    if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
      throw new UserError(`give one of ${SUBCOMMANDS.join(', ')} (e.g. photofinish meet init MEETDIR --by NAME)${sub ? `, not "${sub}"` : ''}`, 'INVALID_ARGUMENT');
    }
    if (sub === 'init' || sub === 'set') return settingsCommand(sub, rest, ctx);
    if (sub === 'races') return racesCommand(rest, ctx);
    if (sub === 'board') return boardCommand(rest, ctx);
    return syncCommand(rest, ctx);
  },
};

async function settingsCommand(sub: 'init' | 'set', argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(`meet ${sub}`, argv, {
    input: { type: 'string' },
    output: { type: 'string' },
    'lif-precision': { type: 'string' },
    feed: { type: 'string' },
    'no-feed': { type: 'boolean' },
    'feed-template': { type: 'string' },
    by: { type: 'string' },
  });
  const meetDir = path.resolve(requirePositional(positionals, 0, 'MEETDIR (the meet folder)'));
  if (sub === 'init') requireBy(values.by, 'who set up the meet');
  if (values.feed !== undefined && values['no-feed']) throw new UserError('give --feed URL or --no-feed, not both', 'INVALID_ARGUMENT');
  const by = officialName(values.by);
  const at = new Date().toISOString();
  const precision = values['lif-precision'] !== undefined ? parseLifPrecision(values['lif-precision'], '--lif-precision') : undefined;
  const target = values.feed !== undefined ? parseFeedTarget(values.feed) : undefined;
  let template: { text: string; file: string } | undefined;
  if (values['feed-template'] !== undefined) {
    const file = path.resolve(values['feed-template']);
    const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new UserError(`${file}: ${err.code === 'ENOENT' ? 'no such file' : `cannot be read (${err.code})`}`, 'NOT_FOUND');
    });
    if (text.length > 64 * 1024) throw new UserError(`${file}: a feed template is at most 64 KiB`, 'INVALID_ARGUMENT');
    compileTemplate(text, file); // a broken template is refused here, never sent to a scoreboard
    template = { text, file };
  }
  const apply = (s: Omit<MeetSettings, 'schema' | 'version' | 'boardToken' | 'createdBy' | 'createdAt'>) => {
    const next = { ...s, changedBy: by, changedAt: at };
    if (values.input !== undefined) next.input = storedPath(meetDir, values.input);
    if (values.output !== undefined) next.output = storedPath(meetDir, values.output);
    if (precision) next.lifPrecision = precision;
    if (values['no-feed']) next.feed = null;
    if (target) next.feed = { target, template: next.feed?.template ?? null, templateFile: next.feed?.templateFile ?? null };
    if (template) {
      if (!next.feed) throw new UserError('--feed-template goes with a feed: give --feed udp://HOST:PORT or tcp://HOST:PORT', 'INVALID_ARGUMENT');
      next.feed = { ...next.feed, template: template.text, templateFile: template.file };
    }
    return next;
  };
  const settings =
    sub === 'init'
      ? await createMeetSettings(meetDir, { createdBy: by, createdAt: at, ...apply({ input: '.', output: '.', lifPrecision: LIF_PRECISIONS[0], feed: null, changedBy: by, changedAt: at }) })
      : await updateMeetSettings(meetDir, (s) => ({ ...s, ...apply(s) }));
  const paths = meetPaths(meetDir, settings);
  ctx.io.out(`${sub === 'init' ? 'Meet created' : 'Meet changed'}: ${meetDir} (by ${by})`);
  ctx.io.out(`  input   ${paths.input}`);
  ctx.io.out(`  output  ${paths.output} (.lif at ${settings.lifPrecision} s)`);
  const feed = settings.feed;
  ctx.io.out(`  feed    ${feed ? `${feed.target.protocol}://${feed.target.host}:${feed.target.port}${feed.templateFile ? ` (template ${feed.templateFile})` : ' (default template)'}` : 'none'}`);
  return 0;
}

async function racesCommand(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('meet races', argv, { json: { type: 'boolean' } });
  const meet = await ctx.api.openMeet({ path: requirePositional(positionals, 0, 'MEETDIR (the meet folder)') });
  if (meet.inputProblem) ctx.io.err(`photofinish meet races: warning: ${meet.inputProblem}`);
  for (const r of meet.refused) ctx.io.err(`photofinish meet races: warning: ${r.message}`);
  if (values.json) {
    ctx.io.out(JSON.stringify(meet.races, null, 2));
    return 0;
  }
  const { meetRaceName } = await import('../../domain/meet/race-name.js');
  const rows = meet.races.map((r) => [meetRaceName(r), r.name, r.state, r.race ? path.relative(meet.path, r.race) : '']);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length), 4));
  ctx.io.out(`${meet.path}: ${meet.races.length} race${meet.races.length === 1 ? '' : 's'} scheduled`);
  for (const r of rows) ctx.io.out(`  ${r.map((c, i) => (i < 3 ? c.padEnd(widths[i] ?? 0) : c)).join('  ').trimEnd()}`);
  return 0;
}

async function boardCommand(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('meet board', argv, { 'new-token': { type: 'boolean' } });
  const meetDir = path.resolve(requirePositional(positionals, 0, 'MEETDIR (the meet folder)'));
  const settings = values['new-token'] ? await updateMeetSettings(meetDir, (s) => ({ ...s, boardToken: newBoardToken() })) : await readMeetSettings(meetDir);
  ctx.io.out(`Board token: ${settings.boardToken}`);
  ctx.io.out(`Open it on the board's screen: photofinish serve --meet ${meetDir}, then <address>/board#token=${settings.boardToken}`);
  ctx.io.out('It shows the last saved result and can change nothing; --new-token makes the old one stop working.');
  return 0;
}

async function syncCommand(argv: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('meet sync', argv, { watch: { type: 'boolean' } });
  const meetDir = path.resolve(requirePositional(positionals, 0, 'MEETDIR (the meet folder)'));
  const once = async () => {
    const result = await ctx.api.syncMeet({ path: meetDir });
    for (const race of result.changed) ctx.io.out(`${race}: start list replaced from the meet's input files (by "meet input")`);
    for (const r of result.refused) ctx.io.err(`photofinish meet sync: warning: ${r.message}`);
    for (const n of result.notes) ctx.io.err(`photofinish meet sync: note: ${n}`);
    if (!values.watch && result.changed.length === 0 && result.refused.length === 0) ctx.io.out('Nothing to change: every race has the start list of the input files.');
  };
  await once();
  if (!values.watch) return 0;
  const meet = await ctx.api.openMeet({ path: meetDir });
  ctx.io.out(`Watching ${meet.input} (Ctrl+C to stop)`);
  const watcher = watchMeetInput(meet.input, once);
  const alive = setInterval(() => undefined, 60_000); // the watcher's own timers never keep a process alive
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  clearInterval(alive);
  watcher.close();
  return 0;
}
