/**
 * `photofinish` entry point: picks the subcommand, gives it an in-process client of the same API the desktop app
 * uses, and turns every failure into one line on stderr with a non-zero status. No stack trace reaches a user
 * (set PHOTOFINISH_DEBUG=1 to see one). Start-up loads only what the chosen command needs: the command's module
 * when it runs, the API (zod) and the service when it calls them, so `--help` and `--version` load almost nothing.
 */
import { toApiError } from '../api/errors.js';
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
    'Run `photofinish help <command>` for a command\'s options.',
  ].join('\n');
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
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
  try {
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(commandHelp(command));
      return EXIT.ok;
    }
    return await command.run(rest, await commandContext(io));
  } catch (err) {
    const shape = toApiError(err);
    io.err(`photofinish ${entry.name}: ${cliErrorText(shape)}`);
    if (process.env.PHOTOFINISH_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    return shape.code === 'INTERNAL' ? EXIT.internal : EXIT.usage;
  }
}

function commandHelp(command: CliCommand): string {
  return `${command.summary}\n\nUsage:\n${command.usage}`;
}

/** The service and an in-process client of its API; loaded here, after the command is known, to keep start-up light. */
async function commandContext(io: CliIo): Promise<CliContext> {
  const [{ createApiClient }, { dispatchCall }, { createService }, { defaultDataDir }] = await Promise.all([
    import('../api/client.js'),
    import('../api/dispatch.js'),
    import('../service/create-service.js'),
    import('../service/data-dir.js'),
  ]);
  const running = createService({ shell: 'cli', dataDir: defaultDataDir() });
  return { api: createApiClient((method, args) => dispatchCall(running.service, method, args)), running, io };
}

function processIo(): CliIo {
  return {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    isTTY: Boolean(process.stderr.isTTY),
  };
}
