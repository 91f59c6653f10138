/**
 * The ffmpeg process that decodes a video's line region: its arguments, its start, its end and its stop. The
 * pictures come down stdout raw; stderr goes to the decode log (video-decode-log.ts) as it arrives.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { ffmpegPath, missingTool } from './ffmpeg.js';
import { DecodeLog } from './video-decode-log.js';
import type { pictureFilters } from './video-crop.js';

export interface RunningDecoder {
  stdout: AsyncIterable<Buffer>;
  log: DecodeLog;
  /** The exit code once the process has ended; null when it could not be started or was killed. */
  exited: Promise<number | null>;
  /** Why it could not be started (ffmpeg missing: the missing-tool error), once `exited` has resolved. */
  readonly spawnError: Error | null;
  /** Stops listening for the abort and kills the process if it is still running. */
  stop(): void;
}

/**
 * One decoder thread per core: ffmpeg's default (one more than the cores) decoded 1280×720 H.264 20 % slower on 2
 * cores (1.73 s against 1.36 s for 2000 frames), the extra frame thread only queueing for a core.
 * `oneThread` (skipping bad frames): frame threads print a damaged frame's errors whenever their thread gets to it,
 * so which frames counted as damaged, and became gaps, changed from run to run (a 300-frame clip with 3000 bytes
 * scrambled: 52 frames left out on some builds, 51 on others). Decoding on one thread reports each frame's damage
 * before that frame leaves the decoder, so the same file always gives the same gaps (decoding 1000 720p frames:
 * 2.04 s against 1.64 s).
 * -noautorotate: frames as stored, matching ffprobe's width and height (and the inspector, which does the same).
 */
export function decoderArgs(file: string, filters: ReturnType<typeof pictureFilters>, passthrough: string[], showinfo: string, oneThread = false): string[] {
  return [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-noautorotate', '-copyts',
    '-threads', oneThread ? '1' : String(Math.max(1, os.availableParallelism())), '-i', file,
    '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', [filters.perFrame, showinfo, filters.perPicture].filter(Boolean).join(','),
    ...passthrough, '-f', 'rawvideo', 'pipe:1',
  ];
}

/** Starts ffmpeg; an abort kills it (the reader then sees the pipe end and the abort). */
export function startDecoder(args: string[], signal: AbortSignal | undefined): RunningDecoder {
  const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = new DecodeLog();
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (chunk: string) => log.onText(chunk));
  let spawnError: Error | null = null;
  const exited = new Promise<number | null>((resolve) => {
    proc.on('error', (e: NodeJS.ErrnoException) => {
      spawnError = e.code === 'ENOENT' ? missingTool('ffmpeg') : e;
      resolve(null);
    });
    proc.on('close', (code) => resolve(code));
  });
  void exited.then(() => log.close());
  const onAbort = () => proc.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    stdout: proc.stdout as AsyncIterable<Buffer>,
    log,
    exited,
    get spawnError() {
      return spawnError;
    },
    stop() {
      signal?.removeEventListener('abort', onAbort);
      if (proc.exitCode === null) proc.kill('SIGKILL');
    },
  };
}
