/**
 * `photofinish` entry point: picks the subcommand, gives it an in-process client of the same API the desktop app
 * uses, and turns every failure into one line on stderr with a non-zero status. No stack trace reaches a user: an
 * unexpected error's stack goes to the log in the data folder, and to stderr with the global `--verbose` (or
 * PHOTOFINISH_DEBUG=1). Start-up loads only what the chosen command needs: the command's module
 * when it runs, the API (zod) and the service when it calls them, so `--help` and `--version` load almost nothing.
 */
import { ApiCallError, toApiError } from '../api/errors.js';
import { SOFTWARE } from '../runtime/version.js';
import type { CliCommand, CliContext, CliIo } from './command.js';
import { commands } from './commands/index.js';
import { cliErrorText } from './hints.js';

/** Exit statuses: 0 ok, 1 a check failed (verify), 2 the user must fix something, 70 internal error. */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 70 } as const;

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    `${SOFTWARE.name} ${SOFTWARE.version}: photo-finish adjudication for race officials.`,
    '',
    'Usage: photofinish <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Global options:',
    '  --verbose  print the log to stderr, with the stack of any unexpected error (it is always written to the log file)',
    '',
    'Run `photofinish help <command>` for a command\'s options.',
  ].join('\n');
}

export async function main(givenArgv: string[], io: CliIo = processIo()): Promise<number> {
  const verbose = givenArgv.includes('--verbose') || Boolean(process.env.PHOTOFINISH_DEBUG);
  const argv = givenArgv.filter((a) => a !== '--verbose');
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const entry = topic ? commands.find((c) => c.name === topic) : undefined;
    if (topic && !entry) {
      io.err(`photofinish: unknown command "${topic}". Run photofinish --help.`);
      return EXIT.usage;
    }
    io.out(entry ? commandHelp(await entry.load()) : helpText());
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(SOFTWARE.version);
    return EXIT.ok;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    io.err(`photofinish: unknown command "${name}". Run photofinish --help.`);
    return EXIT.usage;
  }
  let logUnexpected: ((err: unknown, where: string) => void) | null = null;
  try {
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(commandHelp(command));
      return EXIT.ok;
    }
    const logging = await import('../runtime/log.js');
    logUnexpected = logging.logUnexpected;
    return await command.run(rest, await commandContext(io, entry.name, { verbose, face: entry.name === 'serve' ? 'serve' : 'cli' }));
  } catch (err) {
    const shape = toApiError(err);
    // Errors from the API client were logged (with the service's stack) where dispatch turned them into a shape.
    if (shape.code === 'INTERNAL' && !(err instanceof ApiCallError)) logUnexpected?.(err, `photofinish ${entry.name}`);
    io.err(`photofinish ${entry.name}: ${cliErrorText(shape)}`);
    return shape.code === 'INTERNAL' ? EXIT.internal : EXIT.usage;
  }
}

function commandHelp(command: CliCommand): string {
  return `${command.summary}\n\nUsage:\n${command.usage}`;
}

/** The service and an in-process client of its API; loaded here, after the command is known, to keep start-up light. */
async function commandContext(io: CliIo, command: string, logOptions: { verbose: boolean; face: string }): Promise<CliContext> {
  const [{ createApiClient }, { dispatchCall }, { createService }, { defaultDataDir }, { openLog, logUnexpected, logProcessCrashes }] = await Promise.all([
    import('../api/client.js'),
    import('../api/dispatch.js'),
    import('../service/create-service.js'),
    import('../service/data-dir.js'),
    import('../runtime/log.js'),
  ]);
  const dataDir = defaultDataDir();
  openLog({ dataDir, ...logOptions });
  if (io === defaultIo) logProcessCrashes();
  const running = createService({ shell: 'cli', dataDir });
  const call = async (method: string, args: unknown) => {
    const outcome = await dispatchCall(running.service, method, args, (err) => logUnexpected(err, `photofinish ${method}`));
    // A change recorded whose snapshot could not be written (a full disk): every command says so the same way.
    const note = outcome.ok ? (outcome.value as { saveNote?: unknown } | null)?.saveNote : undefined;
    if (typeof note === 'string') io.err(`photofinish ${command}: note: ${note}`);
    const meetNote = outcome.ok ? (outcome.value as { meetNote?: unknown } | null)?.meetNote : undefined;
    if (typeof meetNote === 'string') io.err(`photofinish ${command}: note: ${meetNote}`);
    return outcome;
  };
  return { api: createApiClient(call), running, io };
}

let defaultIo: CliIo | null = null;

function processIo(): CliIo {
  if (defaultIo) return defaultIo;
  quietWhenReaderCloses();
  defaultIo = {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    isTTY: Boolean(process.stderr.isTTY),
  };
  return defaultIo;
}

/**
 * `photofinish info RACE --times | head`: the reader has what it wanted and closed the pipe. Stop quietly, as
 * Unix tools do, instead of crashing with an unhandled EPIPE stack trace. Other stream errors are real: re-thrown.
 */
function quietWhenReaderCloses(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT.ok);
    throw err;
  });
}
