/**
 * Finding and running ffmpeg/ffprobe, with one-line errors when absent. In order: the copy shipped with the
 * packaged desktop app (`<resources>/ffmpeg/`, see electron-builder.yml), then FFMPEG_PATH / FFPROBE_PATH, then
 * whatever PATH finds.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { CancelledError, UserError } from '../../domain/errors.js';

/** The packaged app's own copy of a tool (Electron sets process.resourcesPath); null elsewhere or where it is missing. */
export function bundledTool(tool: 'ffmpeg' | 'ffprobe', resourcesPath = (process as { resourcesPath?: string }).resourcesPath): string | null {
  if (!resourcesPath) return null;
  const file = path.join(resourcesPath, 'ffmpeg', process.platform === 'win32' ? `${tool}.exe` : tool);
  try {
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return null;
  }
}

export function ffmpegPath(): string {
  return bundledTool('ffmpeg') ?? (process.env.FFMPEG_PATH || 'ffmpeg');
}

export function ffprobePath(): string {
  const bundled = bundledTool('ffprobe');
  if (bundled) return bundled;
  if (process.env.FFPROBE_PATH) return process.env.FFPROBE_PATH;
  const ffmpeg = process.env.FFMPEG_PATH;
  if (ffmpeg && path.isAbsolute(ffmpeg)) return path.join(path.dirname(ffmpeg), `ffprobe${path.extname(ffmpeg)}`);
  return 'ffprobe';
}

export function missingTool(tool: string): UserError {
  return new UserError(`${tool} was not found: install FFmpeg (it reads video) or set FFMPEG_PATH to the ffmpeg program`, 'NOT_FOUND');
}

export interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs a tool to completion, capturing its output. */
/**
 * Runs a tool to its end, its output collected. `expectBytes`, where the caller knows the output's size (frames of
 * a known size), has it copied as it arrives into one buffer of that size: holding every pipe chunk and joining
 * them at the end cost a second copy of the whole output and twice its memory (64 MB batches of bands in the
 * suggestions pass).
 */
export function runTool(bin: string, args: string[], signal?: AbortSignal, expectBytes?: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const out = new ToolOutput(expectBytes);
    let err = '';
    proc.stdout.on('data', (c: Buffer) => out.add(c));
    proc.stderr.on('data', (c: Buffer) => {
      if (err.length < 1_000_000) err += c.toString('utf8');
    });
    proc.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') reject(missingTool(path.basename(bin)));
      else if (e.name === 'AbortError') reject(new CancelledError('Build cancelled.'));
      else reject(e);
    });
    proc.on('close', (code) => resolve({ code, stdout: out.bytes(), stderr: err }));
  });
}

/** A tool's stdout: chunks kept and joined at the end, or copied into one buffer of the size expected. */
class ToolOutput {
  private readonly chunks: Buffer[] = [];
  private readonly whole: Buffer | null;
  private filled = 0;

  constructor(expectBytes: number | undefined) {
    this.whole = expectBytes && expectBytes > 0 ? Buffer.allocUnsafeSlow(expectBytes) : null;
  }

  add(chunk: Buffer): void {
    if (this.whole && this.chunks.length === 0 && this.filled + chunk.length <= this.whole.length) {
      chunk.copy(this.whole, this.filled);
      this.filled += chunk.length;
    } else this.chunks.push(chunk); // more than expected: the caller sees the true size
  }

  bytes(): Buffer {
    const head = this.whole ? this.whole.subarray(0, this.filled) : null;
    if (this.chunks.length === 0) return head ?? Buffer.alloc(0);
    return Buffer.concat(head ? [head, ...this.chunks] : this.chunks);
  }
}

/** The most telling line of ffmpeg's stderr (the last one that reads like an error). */
export function lastErrorLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  const errorish = lines.filter((l) => /error|invalid|no such|could not|failed|unsupported|does not contain/i.test(l));
  return (errorish[errorish.length - 1] ?? lines[lines.length - 1] ?? 'no output').replace(/^\[[^\]]*\]\s*/, '').slice(0, 200);
}

let version: Promise<{ major: number; minor: number } | null> | null = null;

/** ffmpeg's version (null for a build that does not say, such as a git snapshot: assumed recent). Asked once per process. */
function ffmpegVersion(): Promise<{ major: number; minor: number } | null> {
  version ??= runTool(ffmpegPath(), ['-hide_banner', '-version']).then((r) => versionOf(r.stdout.toString('utf8')));
  version.catch(() => (version = null));
  return version;
}

/**
 * Notes the version a run's banner gives (its first line, "ffmpeg version …", and the library lines), where the
 * version has not been asked yet: a run the caller needed anyway spares the `-version` run.
 */
export function learnVersionFrom(stderr: string): void {
  if (version === null && /^ffmpeg version /m.test(stderr)) version = Promise.resolve(versionOf(stderr));
}

/**
 * The FFmpeg release a `-version` text stands for. A git snapshot ("version N-47683-g0e8eb07980", as static builds
 * such as the packaged app's are) names no release: its libavcodec version tells (FFmpeg 5.0 ships 59.18, 5.1
 * ships 59.37, 6.0 ships 60.3); null only when neither is there.
 */
export function versionOf(text: string): { major: number; minor: number } | null {
  const m = /version\s+n?(\d+)\.(\d+)/.exec(text);
  if (m) return { major: Number(m[1]), minor: Number(m[2]) };
  const lib = /libavcodec\s+(\d+)\.\s*(\d+)/.exec(text);
  if (!lib) return null;
  const [major, minor] = [Number(lib[1]), Number(lib[2])];
  if (major < 59) return { major: 4, minor: 4 };
  if (major === 59) return minor >= 37 ? { major: 5, minor: 1 } : minor >= 18 ? { major: 5, minor: 0 } : { major: 4, minor: 4 };
  return { major: major - 54, minor: 0 };
}

const before = (v: { major: number; minor: number } | null, major: number, minor: number) => v !== null && (v.major < major || (v.major === major && v.minor < minor));

/**
 * The option that makes ffmpeg pass every decoded frame through with its own timestamp (no duplicates, no drops):
 * `-fps_mode passthrough` since FFmpeg 5.1, `-vsync passthrough` before.
 */
export function framePassthroughArgs(): Promise<string[]> {
  return ffmpegVersion().then((v) => (before(v, 5, 1) ? ['-vsync', 'passthrough'] : ['-fps_mode', 'passthrough']));
}

/**
 * `showinfo`, which logs every frame's timestamp, without its per-frame checksums, means and deviations (3 % of a
 * video build's time, and nothing the build reads) where ffmpeg can leave them out (FFmpeg 5.0 on).
 */
export function frameTimestampFilter(): Promise<string> {
  return ffmpegVersion().then((v) => (before(v, 5, 0) ? 'showinfo' : 'showinfo=checksum=0'));
}
