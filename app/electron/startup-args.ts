/**
 * What the desktop app opens on start: a race folder named on the command line (`photofinish-app RACE`, or
 * `electron . RACE` in development), else the demo race. Flags Chromium or Electron add (`--foo`) are skipped.
 */
import path from 'node:path';
import type { AppStartup } from '../service/context.js';

/** `argv` is process.argv; `packaged` is app.isPackaged (development runs have the app folder as argv[1]). */
export function startupFromArgv(argv: readonly string[], packaged: boolean, cwd: string = process.cwd()): NonNullable<AppStartup> {
  const rest = argv.slice(packaged ? 1 : 2);
  const race = rest.find((a) => a !== '' && !a.startsWith('-'));
  return race ? { kind: 'race', path: path.resolve(cwd, race) } : { kind: 'demo' };
}
