/**
 * The Node side's log (pino): one logger per process, opened by the face that starts it (the Electron main
 * process, the CLI) and silent until then (unit tests, library use). It writes JSON lines to a rotating file in the
 * app's data folder (`logs/photofinish.log`, 5 MB × 3 generations) and, in the CLI with `--verbose`, readable lines
 * to stderr. What is logged: crashes (uncaught exceptions, unhandled rejections, a renderer that died), refused
 * requests (IPC senders, protocol and bridge requests), and every unexpected error with its stack at the place it
 * becomes the one plain line a user sees. A UserError is not logged: it is the user's to fix, and they saw it.
 *
 * Why pino: maintained, fast, serialises errors with their stack and cause, and runs alike in the CLI, the bridge and
 * the Electron main bundle (it stays external to the esbuild bundles, like sharp). Its worker-thread transports are
 * not used: the file is written synchronously by RotatingFile, so the line about a crash lands before the exit.
 */
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { RotatingFile } from './rotating-file.js';

export type { Logger };

export const LOG_FILE_NAME = 'photofinish.log';
const MAX_BYTES = 5 * 1024 * 1024;
const GENERATIONS = 3;

let current: Logger = pino({ level: 'silent' });
let file: RotatingFile | null = null;

/** Where the log files of a data folder live (the Help menu opens it). */
export function logFolder(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

export interface OpenLogOptions {
  /** The app's data folder; the log goes to its `logs/` folder. */
  dataDir: string;
  /** Also write readable lines (stacks included) to stderr: the CLI's `--verbose`. */
  verbose?: boolean;
  /** Which face wrote a line: 'electron', 'cli', 'serve'. */
  face: string;
}

/** Opens the process's log; every later `log()` writes there. */
export function openLog(opts: OpenLogOptions): Logger {
  file?.close();
  file = new RotatingFile({ file: path.join(logFolder(opts.dataDir), LOG_FILE_NAME), maxBytes: MAX_BYTES, generations: GENERATIONS });
  const streams: { level: 'info' | 'debug'; stream: { write(line: string): void } }[] = [{ level: 'info', stream: file }];
  if (opts.verbose) streams.push({ level: 'debug', stream: { write: (line) => process.stderr.write(readable(line)) } });
  current = pino({ level: opts.verbose ? 'debug' : 'info', base: { pid: process.pid, face: opts.face }, serializers: { err: pino.stdSerializers.err } }, pino.multistream(streams));
  return current;
}

/** The process's logger (silent until a face opens it). */
export function log(): Logger {
  return current;
}

/** Closes the file (tests; a process that ends closes it anyway). */
export function closeLog(): void {
  file?.close();
  file = null;
  current = pino({ level: 'silent' });
}

/** An error nobody planned for, with its stack, where it is turned into the one line the user sees. */
export function logUnexpected(err: unknown, where: string, extra: Record<string, unknown> = {}): void {
  current.error({ err: err instanceof Error ? err : new Error(String(err)), where, ...extra }, `unexpected error in ${where}`);
}

/**
 * Something went wrong that must not stop what the user is doing (the recent-races list could not be saved, an
 * abandoned recording could not be closed). Kept in the log file, which the desktop app has and a support desk
 * reads; stderr is not kept by the desktop shell.
 */
export function logWarning(message: string, where: string): void {
  current.warn({ where }, message);
}

/**
 * A failure in the renderer (an uncaught error, a rejected promise, a component that threw), sent over the API so
 * that it reaches the same file as the Node side's: the page itself has no log a support desk can read.
 */
export function logRendererFailure(report: { kind: string; message: string; stack?: string | undefined; componentStack?: string | undefined; url?: string | undefined }): void {
  current.error({ where: `renderer ${report.kind}`, renderer: report }, `renderer failure: ${report.message}`);
}

/**
 * Uncaught exceptions and unhandled rejections of the whole process: logged, and then the process fails as it
 * would have without the log (a listener for 'unhandledRejection' would otherwise swallow the rejection, so it
 * rethrows it as Node's default does).
 */
export function logProcessCrashes(): void {
  const logged = new WeakSet<object>();
  process.on('uncaughtExceptionMonitor', (err, origin) => {
    if (!logged.has(err)) logUnexpected(err, origin);
  });
  process.on('unhandledRejection', (reason) => {
    logUnexpected(reason, 'unhandledRejection');
    if (typeof reason === 'object' && reason !== null) logged.add(reason);
    throw reason;
  });
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** One JSON log line as a person reads it on a terminal: level, message, then the stack if there is one. */
function readable(line: string): string {
  try {
    const o = JSON.parse(line) as { level: number; msg?: string; err?: { stack?: string; message?: string } };
    const stack = o.err?.stack ?? o.err?.message;
    return `[${LEVELS[o.level] ?? o.level}] ${o.msg ?? ''}${stack ? `\n${stack}` : ''}\n`;
  } catch {
    return line;
  }
}
