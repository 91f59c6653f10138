/**
 * The fast path for folders of JPEG frames. Measured on 2 cores with 1280×720 frames, taking one column:
 * sharp (libjpeg-turbo, whole frame to RGB) costs ~2.5–3 ms of CPU per frame; FFmpeg's JPEG decoder through the
 * image2 demuxer, cropping the line's box *before* converting to RGB, costs less. So JPEG folders are decoded
 * by two FFmpeg processes working on alternating blocks of frames, while Node reads, hashes and checks each file.
 *
 * Mapping output to files is exact: each process reads its list as one input (jpeg-list-input.ts) where a
 * frame's timestamp in seconds is its position in the list; a file FFmpeg cannot decode (-err_detect explode)
 * leaves a hole that names that file.
 * The inspector decodes JPEG frames of such a race with FFmpeg too, so the frame it shows is the one the
 * composite was built from, pixel for pixel.
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { CancelledError, UserError } from '../../domain/errors.js';
import type { Region } from '../../domain/line/finish-line.js';
import { readEvidenceFile } from '../evidence-file.js';
import { cropSamples, samplesOf, type Samples } from '../pixels.js';
import { ffmpegPath, framePassthroughArgs, frameTimestampFilter, lastErrorLine, learnVersionFrom, missingTool, runTool } from './ffmpeg.js';
import { readImageHeader } from './image-header.js';
import { jpegListInput } from './jpeg-list-input.js';
import { makeLinkScratch } from './link-scratch.js';
import { LogFile } from './log-file.js';
import { scanJpegFrames, type JpegExpectation } from './jpeg-scan.js';
import type { RegionResult } from './source.js';
import { cropFilter } from './video.js';

/** Frames per block handed to one process before the next block goes to the other. */
const BLOCK = 32;
const PROCESSES = 2;
/** Decoded frames a process may run ahead of the consumer before its output is paused. */
const AHEAD = BLOCK * 4;

/** FFmpeg decodes JPEG folders unless PHOTOFINISH_JPEG_DECODER=sharp (or it is missing, or cannot read the folder). */
export function ffmpegJpegWanted(): boolean {
  return process.env.PHOTOFINISH_JPEG_DECODER !== 'sharp';
}

/**
 * Whether FFmpeg is there and decodes this frame (a folder's reference frame). The same run tells FFmpeg's version
 * (its banner), which the decoders' arguments depend on: no `ffmpeg -version` of its own (a process start, ~0.1 CPU-s).
 */
export function ffmpegDecodesJpeg(file: string, channels: 1 | 3): Promise<boolean> {
  return decodeJpegFrameWithFfmpeg(file, channels, { learnVersion: true }).then(
    () => true,
    () => false,
  );
}

interface Decoded {
  pixels: Uint8Array;
}

/** One FFmpeg process decoding a list of files; frames come out in list order, holes for undecodable files. */
class DecoderProcess {
  private readonly frames = new Map<number, Decoded>();
  private nextOut = 0;
  private waiting: { local: number; resolve: () => void } | null = null;
  private finished = false;
  private failure: Error | null = null;
  private stderrTail = '';
  private readonly badReason = new Map<number, string>();
  private proc: ReturnType<typeof spawn> | null = null;
  private paused = false;
  private log: LogFile | null = null;

  constructor(
    /** FFmpeg's input arguments for the list (jpeg-list-input.ts). */
    private readonly input: readonly string[],
    private readonly count: number,
    private readonly frameBytes: number,
    private readonly filter: string,
    /** Where FFmpeg's log goes (log-file.ts): a file in the build's scratch folder. */
    private readonly logFile: string,
  ) {}

  async start(signal?: AbortSignal): Promise<void> {
    const [passthrough, showinfo] = await Promise.all([framePassthroughArgs(), frameTimestampFilter()]);
    // `-flush_packets 0`: the frames leave in FFmpeg's 32 KB writes, not one write (and one wake-up here) each.
    const args = [
      '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-err_detect', 'explode',
      ...this.input,
      '-vf', `${this.filter},${showinfo}`, ...passthrough, '-flush_packets', '0', '-f', 'rawvideo', 'pipe:1',
    ];
    const log = new LogFile(this.logFile);
    this.log = log;
    let proc: ReturnType<typeof spawn>;
    try {
      proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', log.fd] });
    } catch (err) {
      log.close();
      throw err;
    }
    this.proc = proc;
    const onAbort = () => proc.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    /** Each decoded frame's list position, with the last error FFmpeg logged before it. */
    const order: { local: number; errorBefore: string }[] = [];
    let timeBase: [number, number] = [1, 25];
    let lastError = '';
    const readLog = (lines: string[]) => {
      for (const line of lines) {
        const m = /showinfo.*\bn:\s*\d+\s+pts:\s*(-?\d+)/.exec(line);
        if (m) {
          order.push({ local: Math.round((Number(m[1]) * timeBase[0]) / timeBase[1]), errorBefore: lastError });
          continue;
        }
        const tb = /showinfo.*config in time_base:\s*(\d+)\/(\d+)/.exec(line);
        if (tb) timeBase = [Number(tb[1]), Number(tb[2])];
        else {
          if (/error|invalid/i.test(line)) lastError = line.replace(/^\[[^\]]*\]\s*/, '').trim();
          this.stderrTail = (this.stderrTail + line + '\n').slice(-4000);
        }
      }
    };
    let carry: Buffer = Buffer.alloc(0);
    let received = 0;
    // Pairs output frames with their showinfo lines, read from the log as frames arrive.
    const drain = () => {
      while (carry.length >= this.frameBytes) {
        if (order.length <= received) readLog(log.newLines());
        const entry = order[received];
        if (entry === undefined) break;
        const pixels = new Uint8Array(this.frameBytes);
        pixels.set(carry.subarray(0, this.frameBytes));
        carry = carry.subarray(this.frameBytes);
        received++;
        // Files between the previous decoded one and this one could not be decoded.
        for (let k = this.nextOut; k < entry.local; k++) this.badReason.set(k, entry.errorBefore || 'FFmpeg could not decode it');
        this.frames.set(entry.local, { pixels });
        this.nextOut = entry.local + 1;
      }
      this.wake();
      if (this.frames.size >= AHEAD && !this.paused) {
        this.paused = true;
        proc.stdout?.pause();
      }
    };
    proc.stdout?.on('data', (chunk: Buffer) => {
      carry = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      drain();
    });
    proc.on('error', (e: NodeJS.ErrnoException) => {
      log.close();
      this.failure = e.code === 'ENOENT' ? missingTool('ffmpeg') : e;
      this.finish();
    });
    proc.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      readLog(log.lastLines());
      drain();
      if (signal?.aborted) this.failure ??= new CancelledError('Build cancelled.');
      else if (code !== 0) this.failure ??= new UserError(`FFmpeg stopped decoding the frames (${lastErrorLine(this.stderrTail)})`, 'INVALID_ARGUMENT');
      for (let k = this.nextOut; k < this.count; k++) this.badReason.set(k, lastError || 'FFmpeg could not decode it');
      this.finish();
    });
  }

  private finish(): void {
    this.finished = true;
    this.wake();
  }

  private wake(): void {
    const w = this.waiting;
    if (w && (this.frames.has(w.local) || this.badReason.has(w.local) || this.finished)) {
      this.waiting = null;
      w.resolve();
    }
  }

  /** The decoded frame at list position `local`, or the reason it could not be decoded. */
  async take(local: number): Promise<Decoded | { bad: string }> {
    while (!this.frames.has(local) && !this.badReason.has(local)) {
      if (this.finished) {
        if (this.failure) throw this.failure;
        return { bad: 'FFmpeg could not decode it' };
      }
      await new Promise<void>((resolve) => (this.waiting = { local, resolve }));
    }
    const got = this.frames.get(local);
    this.frames.delete(local);
    if (this.paused && this.frames.size < AHEAD / 2) {
      this.paused = false;
      this.proc?.stdout?.resume();
    }
    return got ?? { bad: this.badReason.get(local) as string };
  }

  /** Stops the process if it still runs, and lets go of its log (the scratch folder is removed next). */
  kill(): void {
    if (this.proc && this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.log?.close();
  }
}

/** The folder's frames, and the size and format (of `firstName`) every one must have. */
export interface JpegFolderSpec extends JpegExpectation {
  folder: string;
  names: readonly string[];
}

export async function* readJpegRegionsWithFfmpeg(
  spec: JpegFolderSpec,
  region: Region,
  opts: { signal?: AbortSignal; skipBad: boolean },
): AsyncGenerator<RegionResult> {
  const n = spec.names.length;
  const channels = spec.format.channels;
  const frameBytes = region.width * region.height * channels;
  const filter = channels === 1
    ? `crop=${region.width}:${region.height}:${region.left}:${region.top},format=gray`
    : cropFilter(spec.width, spec.height, region);
  const files = spec.names.map((name) => path.join(spec.folder, name));
  // Frames with a wrong size, format or end never reach FFmpeg (it would blame a neighbour): named here instead.
  const scanned = await scanJpegFrames(files, spec, opts.signal);
  const problems = scanned.map((f) => f.problem);
  const decodable = files.map((_, i) => i).filter((i) => problems[i] === null);
  const scratch = await makeLinkScratch('photofinish-jpeg-');
  const decoders: DecoderProcess[] = [];
  // The j-th decodable frame goes to process p = floor(j / BLOCK) % PROCESSES, as its local-th entry.
  const owner = (j: number) => Math.floor(j / BLOCK) % PROCESSES;
  const localIndex = (j: number) => Math.floor(j / (BLOCK * PROCESSES)) * BLOCK + (j % BLOCK);
  try {
    for (let p = 0; p < PROCESSES; p++) {
      const mine = decodable.filter((_, j) => owner(j) === p).map((i) => files[i] as string);
      if (mine.length === 0) continue;
      const input = await jpegListInput(mine, path.join(scratch, `process-${p}`));
      const d = new DecoderProcess(input, mine.length, frameBytes, filter, path.join(scratch, `process-${p}.log`));
      await d.start(opts.signal);
      decoders[p] = d;
    }
    let j = 0;
    for (let i = 0; i < n; i++) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const file = files[i] as string;
      // A file that could not even be read has no hash: the build stops on it, as before.
      const evidence = scanned[i]?.evidence ?? (await readEvidenceFile(file)).evidence;
      let reason = problems[i] ?? null;
      let pixels: Samples | null = null;
      if (reason === null) {
        const decoded = await (decoders[owner(j)] as DecoderProcess).take(localIndex(j));
        j++;
        if ('bad' in decoded) {
          // FFmpeg's stream lost it: decode this file alone, so a failure is this file's and a good frame is kept.
          const alone = await decodeRegionAlone(file, spec, region).catch(() => null);
          if (alone) pixels = alone;
          else reason = `${file}: not a readable image (${decoded.bad})`;
        } else pixels = samplesOf(decoded.pixels, 8);
      }
      if (reason !== null || pixels === null) {
        const why = reason ?? `${file}: not a readable image`;
        if (!opts.skipBad) throw new UserError(why, 'INVALID_ARGUMENT', { hint: 'skip-bad-frames' });
        yield { index: i, bad: why, file: evidence };
      } else yield { index: i, pixels, file: evidence };
    }
  } finally {
    for (const d of decoders) d?.kill();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The line's region of one frame, decoded on its own by FFmpeg (the inspector's decode, so the same pixels). */
async function decodeRegionAlone(file: string, spec: JpegFolderSpec, region: Region): Promise<Samples> {
  const ch = spec.format.channels;
  const frame = await decodeJpegFrameWithFfmpeg(file, ch as 1 | 3, { strict: true });
  if (frame.width !== spec.width || frame.height !== spec.height) throw new Error('size changed');
  return cropSamples(frame, ch, region.left, region.top, region.width, region.height);
}

/** A whole JPEG frame decoded the same way (for the inspector of a race built with FFmpeg). */
export async function decodeJpegFrameWithFfmpeg(
  file: string,
  channels: 1 | 3,
  options: { strict?: boolean; learnVersion?: boolean } = {},
): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const buf = await readFile(file);
  const header = readImageHeader(buf);
  if (!header) throw new UserError(`${file}: not a readable JPEG image`, 'INVALID_ARGUMENT');
  // `strict`: refuse what the build's decoder refuses (-err_detect explode) instead of concealing damage.
  const strict = options.strict ? ['-err_detect', 'explode', '-xerror'] : [];
  // The one file it names, even where its path holds a `%` (the image demuxer would read that as a pattern).
  const input = ['-f', 'image2', '-pattern_type', 'none', '-i', file];
  // `learnVersion`: FFmpeg's banner (info level) is kept, and its version noted for the runs that follow.
  const log = options.learnVersion ? ['-nostats', '-loglevel', 'info'] : ['-v', 'error'];
  const res = await runTool(ffmpegPath(), [...log, '-nostdin', ...strict, ...input, '-vf', channels === 1 ? 'format=gray' : 'format=rgb24', '-frames:v', '1', '-f', 'rawvideo', 'pipe:1']);
  if (options.learnVersion) learnVersionFrom(res.stderr);
  const bytes = header.width * header.height * channels;
  if (res.code !== 0 || res.stdout.length < bytes) throw new UserError(`${file}: could not decode the frame (${lastErrorLine(res.stderr)})`, 'INVALID_ARGUMENT');
  return { pixels: new Uint8Array(res.stdout.buffer, res.stdout.byteOffset, bytes), width: header.width, height: header.height };
}
