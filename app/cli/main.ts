/**
 * `photofinish` entry point: picks the subcommand, gives it an in-process client of the same API the desktop app
 * uses, and turns every failure into one line on stderr with a non-zero status. No stack trace reaches a user
 * (set PHOTOFINISH_DEBUG=1 to see one).
 */
import { createApiClient } from '../api/client.js';
import { dispatchCall } from '../api/dispatch.js';
import { toApiError } from '../api/errors.js';
import { createService } from '../service/create-service.js';
import { defaultDataDir } from '../service/data-dir.js';
import { SOFTWARE } from '../version.js';
import type { CliContext, CliIo } from './command.js';
import { commands } from './commands/index.js';

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
    const command = topic ? commands.find((c) => c.name === topic) : undefined;
    if (topic && !command) {
      io.err(`photofinish: unknown command "${topic}". Run photofinish --help.`);
      return EXIT.usage;
    }
    io.out(command ? `${command.summary}\n\nUsage:\n${command.usage}` : helpText());
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(SOFTWARE.version);
    return EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`photofinish: unknown command "${name}". Run photofinish --help.`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.summary}\n\nUsage:\n${command.usage}`);
    return EXIT.ok;
  }
  const running = createService({ shell: 'cli', dataDir: defaultDataDir() });
  const ctx: CliContext = {
    api: createApiClient((method, args) => dispatchCall(running.service, method, args)),
    running,
    io,
  };
  try {
    return await command.run(rest, ctx);
  } catch (err) {
    const shape = toApiError(err);
    io.err(`photofinish ${command.name}: ${shape.message}`);
    if (process.env.PHOTOFINISH_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    return shape.code === 'INTERNAL' ? EXIT.internal : EXIT.usage;
  }
}

function processIo(): CliIo {
  return {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    isTTY: Boolean(process.stderr.isTTY),
  };
}
