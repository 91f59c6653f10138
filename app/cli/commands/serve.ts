/**
 * `photofinish serve`: browser mode. Serves the built renderer (dist/renderer, made by `npm run build:renderer`;
 * this command builds nothing) through the localhost bridge, prints the address with its one-time launch code, and runs
 * until Ctrl+C / SIGTERM. The same service and API as the desktop app; only the native dialogs are missing.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBridge } from '../../bridge/server.js';
import { UserError } from '../../domain/errors.js';
import { createService } from '../../service/create-service.js';
import type { AppStartup } from '../../service/context.js';
import { numberOption, parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';

/** dist/renderer of this checkout; PHOTOFINISH_RENDERER_DIR overrides it (tests, other layouts). */
export function defaultRendererDir(): string {
  const override = process.env.PHOTOFINISH_RENDERER_DIR;
  if (override) return path.resolve(override);
  return fileURLToPath(new URL('../../../dist/renderer', import.meta.url));
}

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Open Photofinish in your browser (served on 127.0.0.1 only) and print its address.',
  usage: [
    '  photofinish serve [RACE] [--port N] [--demo] [--open] [--meet MEETDIR]',
    '',
    '  RACE       a race folder to open on start',
    '  --demo     open the demo race on start',
    '  --port N   listen on port N (default: a free port chosen at random)',
    '  --open     also open the address in the default browser',
    '  --meet MEETDIR  also serve the meet\'s board (/board, opened with its read-only token) and apply the meet',
    '             software\'s files to the meet\'s races whenever they change',
    '',
    '  The printed address carries a one-time launch code after "#code=": the first browser to open it signs in',
    '  (within 10 minutes) and the code is then dead, so a second browser, or anyone reading the process list, is refused.',
    '  Needs the built renderer: run npm run build:renderer first (npm run web does both).',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('serve', argv, {
      port: { type: 'string' },
      demo: { type: 'boolean' },
      open: { type: 'boolean' },
      meet: { type: 'string' },
    });
    const port = numberOption('port', values.port) ?? 0;
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UserError(`--port must be a whole number from 0 to 65535, got "${values.port}"`, 'INVALID_ARGUMENT');

    const startup = startupOf(positionals[0], values.demo === true);
    const running = createService({ shell: 'browser', dataDir: ctx.running.context.dataDir, startup });
    // startBridge refuses a missing renderer build with the one-line "run npm run build:renderer".
    // Opening the meet checks it and starts watching its input folder (this process runs all day).
    const meet = values.meet !== undefined ? await running.service.openMeet({ path: path.resolve(values.meet) }) : null;
    const bridge = await startBridge({ running, rendererDir: defaultRendererDir(), port, ...(meet ? { meet: meet.path } : {}) });
    // One code, printed and opened: the browser that opens it first signs in, and the address is then dead.
    const address = bridge.launchUrl();
    ctx.io.out(`Photofinish is running at ${address}`);
    if (meet) ctx.io.out(`The board of ${meet.path}: ${bridge.origin}/board#token=${meet.boardToken} (read-only)`);
    ctx.io.out('The address opens once (a one-time code, within 10 minutes). Press Ctrl+C to stop.');
    if (values.open) openInBrowser(address);

    const signal = await waitForStopSignal();
    await bridge.close();
    ctx.io.err(`Photofinish stopped (${signal}).`);
    return 0;
  },
};

function startupOf(race: string | undefined, demo: boolean): AppStartup {
  if (race !== undefined) {
    if (demo) throw new UserError('give either a race folder or --demo, not both', 'INVALID_ARGUMENT');
    const folder = path.resolve(race);
    let isDir: boolean;
    try {
      isDir = statSync(folder).isDirectory();
    } catch {
      throw new UserError(`race folder ${folder} does not exist`, 'NOT_FOUND');
    }
    if (!isDir) throw new UserError(`${folder} is not a race folder`, 'INVALID_ARGUMENT');
    return { kind: 'race', path: folder };
  }
  return demo ? { kind: 'demo' } : null;
}

function waitForStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Best effort: a missing opener (headless machine, no xdg-open) is ignored; the address is printed anyway. */
function openInBrowser(url: string): void {
  // On Windows, `cmd /c start` would need the URL quoted against `&` and may drop the #code; the URL handler does not.
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd as string, args as string[], { stdio: 'ignore', detached: true, windowsHide: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Ignored on purpose (see above).
  }
}
