/**
 * Running ffmpeg when its log carries data: `showinfo`/`ashowinfo` print each decoded frame's timestamp on stderr
 * while the pixels or samples come down stdout. Every stderr line goes to `onLine`; lines it does not take are kept
 * (the last few kilobytes) for the one-line error.
 */
import { spawn } from 'node:child_process';
import { CancelledError } from '../../domain/errors.js';
import { ffmpegPath, missingTool } from './ffmpeg.js';

export interface LoggedRun {
  code: number | null;
  stdout: Buffer;
  /** The end of the log, without the lines `onLine` took. */
  tail: string;
  /** True when the output reached `maxStdoutBytes` and ffmpeg was stopped there. */
  truncated?: boolean;
}

/**
 * Runs ffmpeg to completion; `onLine` returns true for the lines it used. With `maxStdoutBytes`, the output goes
 * into one buffer of that size (its own memory, 8-byte aligned, pages used only as written) and ffmpeg is stopped
 * when it is full: a hostile input's output can never grow past it.
 */
export function runFfmpegLogged(args: string[], onLine: (line: string) => boolean, signal?: AbortSignal, maxStdoutBytes?: number): Promise<LoggedRun> {
  return new Promise((resolve, reject) => {
    const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const chunks: Buffer[] = [];
    const bounded = maxStdoutBytes !== undefined ? Buffer.allocUnsafeSlow(maxStdoutBytes) : null;
    let filled = 0;
    let truncated = false;
    let pending = '';
    let tail = '';
    proc.stdout.on('data', (c: Buffer) => {
      if (!bounded) return void chunks.push(c);
      if (truncated) return;
      const n = Math.min(c.length, bounded.length - filled);
      c.copy(bounded, filled, 0, n);
      filled += n;
      if (filled === bounded.length) {
        truncated = true;
        proc.kill('SIGKILL');
      }
    });
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => {
      const lines = (pending + chunk).split(/\r|\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) if (!onLine(line)) tail = (tail + line + '\n').slice(-4000);
    });
    proc.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') reject(missingTool('ffmpeg'));
      else if (e.name === 'AbortError') reject(new CancelledError());
      else reject(e);
    });
    proc.on('close', (code) => {
      if (pending && !onLine(pending)) tail = (tail + pending).slice(-4000);
      if (bounded) resolve({ code: truncated ? 0 : code, stdout: bounded.subarray(0, filled), tail, truncated });
      else resolve({ code, stdout: Buffer.concat(chunks), tail });
    });
  });
}

/** A `showinfo` or `ashowinfo` frame line: its number, timestamp (null for NOPTS) and, for audio, its sample count. */
export function showinfoFrame(line: string): { n: number; pts: bigint | null; samples: number | null } | null {
  const m = /showinfo.*\bn:\s*(\d+)\s+pts:\s*(-?\d+|NOPTS)/.exec(line);
  if (!m) return null;
  const s = /\bnb_samples:\s*(\d+)/.exec(line);
  return { n: Number(m[1]), pts: m[2] === 'NOPTS' ? null : BigInt(m[2] as string), samples: s ? Number(s[1]) : null };
}

/** The time base `showinfo` states once at the start ("config in time_base: 1/12800"). */
export function showinfoTimeBase(line: string): { num: bigint; den: bigint } | null {
  const m = /showinfo.*config in time_base:\s*(\d+)\/(\d+)/.exec(line);
  return m ? { num: BigInt(m[1] as string), den: BigInt(m[2] as string) } : null;
}
