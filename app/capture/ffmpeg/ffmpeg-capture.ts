/**
 * A live recording through FFmpeg (a USB/UVC camera by v4l2, dshow or avfoundation, or an IP camera's rtsp, udp or
 * http stream), written as it arrives into a capture folder the build accepts at every moment:
 *   - MJPEG: each frame is the camera's own JPEG bytes (never re-encoded), through the same kill-safe frame writer as
 *     the browser path (`f_000000.jpg …` + timestamps.csv), timed by the stream's own timestamp, exactly;
 *   - H.264/HEVC: the stream as sent (StreamWriter), one line per packet with its timestamp.
 * Only the finish line's pixels are decoded, for the live picture (`onColumn`), at the camera's full rate. Frames
 * lost on the way show as steps in the timestamps (the build's own gap rule, FrameClock) and are reported
 * (`onLoss`) the moment they are known. The command line is capture-args.ts; the pairing of bytes and timestamps
 * packet-cutter.ts.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { CAPTURE_SCHEMA, type CaptureBuildPlan, type CaptureMarker, type CaptureRecord, type CaptureSummary } from '../../domain/capture/capture-folder.js';
import { keptCodecOf, parseInputFormat, parseShowinfoFrame, type KeptCodec } from '../../domain/capture/ffmpeg-lines.js';
import { FrameClock } from '../../domain/capture/frame-clock.js';
import { bandMotion } from '../../domain/capture/motion-band.js';
import { DEFAULT_TRIGGER, IDLE, stepTrigger, type TriggerSettings, type TriggerState } from '../../domain/capture/motion-trigger.js';
import { PreTriggerBuffer } from '../../domain/capture/pre-trigger-buffer.js';
import { UserError } from '../../domain/errors.js';
import { fitLineToFrame, planSamples, sampleRegion, type Region, type SamplePlan } from '../../domain/line/finish-line.js';
import type { FinishLine } from '../../domain/race/evidence.js';
import { NS_PER_S, type Ticks } from '../../domain/time/ticks.js';
import { ptsToTicks, type Rational } from '../../domain/time/time-map.js';
import { ffmpegPath, framePassthroughArgs, frameTimestampFilter, lastErrorLine, missingTool } from '../../imaging/sources/ffmpeg.js';
import { CaptureWriter, type IncomingFrame } from '../capture-writer.js';
import { captureArgs, clockOf, type CaptureInput } from './capture-args.js';
import { PacketCutter, type CutPacket } from './packet-cutter.js';
import { StreamWriter } from './stream-writer.js';

export interface LiveColumn {
  /** The frame's time on the stream's clock (exact ticks). */
  time: Ticks;
  captureUs: number;
  /** The finish line's pixels, RGB, top to bottom. */
  rgb: Uint8Array;
  rows: number;
  /** process.hrtime.bigint() when the column was ready (for the delay from capture to picture). */
  readyAt: bigint;
}

export interface FfmpegCaptureOptions extends CaptureInput {
  folder: string;
  plan: CaptureBuildPlan;
  /** A label for the record (the device's name, or the address). */
  label?: string | undefined;
  /** Who runs the recording (kept in capture.json). */
  by?: string | undefined;
  onColumn?: (c: LiveColumn) => void;
  /** Frames lost just before the frame at `time` (a step in the timestamps), or refused by a disk that cannot keep up. */
  onLoss?: (l: { time: Ticks; missing: number; cause: 'camera' | 'disk' }) => void;
  /** How long to wait for the first frame (opening a network stream, a device). */
  openTimeoutMs?: number;
  /**
   * Armed: frames are held in memory (the `preTrigger` before now) until movement on the finish line starts the
   * recording; `stopAfter` of stillness ends it (`onTriggerStop`). The motion is measured on the line's own pixels.
   */
  trigger?: { preTrigger: Ticks; stopAfter: Ticks } | undefined;
  onTriggerStop?: () => void;
}

export interface CaptureCounts {
  frames: number;
  missing: number;
  gaps: number;
  droppedBusy: number;
  rate: number | null;
}

type Proc = ChildProcessByStdio<Writable, Readable, Readable>;

const US = 1000n;
/** A stream time as whole µs (as F marks and capture_us are kept), never below 0. */
const usOf = (t: Ticks): number => (t < 0n ? 0 : Number(t / US));
/** Bytes of the copied stream that may wait for their timestamp line before the capture is called broken. */
const MAX_PENDING_BYTES = 256 * 1024 * 1024;
/** Frames waiting for the frame writer (a burst), at most; and how many the writer is given at once. */
const MAX_FRAME_QUEUE_BYTES = 256 * 1024 * 1024;
const WRITER_IN_FLIGHT = 32;

export class FfmpegCapture {
  private writer: CaptureWriter | StreamWriter | null = null;
  private readonly clock = new FrameClock();
  private readonly waitingPackets: CutPacket[] = [];
  private readonly livePts: bigint[] = [];
  private rawChunks: Buffer[] = [];
  private rawBytes = 0;
  private timeBase: Rational | null = null;
  private codec: KeptCodec | null = null;
  private sample: { plan: SamplePlan; frameBytes: number } | null = null;
  private inputFormat: string | null = null;
  private log = '';
  private failure: UserError | null = null;
  private seq = 0;
  private stopping = false;
  private pumping = false;
  private readonly framesQueued: IncomingFrame[] = [];
  private framesQueuedBytes = 0;
  private diskLost = 0;
  private triggerState: TriggerState = IDLE;
  private held: PreTriggerBuffer<CutPacket> | null = null;
  private previousLuma: Uint8Array | null = null;
  private readonly exited: Promise<number | null>;
  private readyResolve!: () => void;
  private readyReject!: (e: unknown) => void;
  /** Resolves at the first frame written (the recording runs), rejects if ffmpeg fails before. */
  readonly ready: Promise<void>;
  private constructor(
    private readonly proc: Proc,
    private readonly options: FfmpegCaptureOptions,
    private readonly line: FinishLine,
    private readonly region: Region,
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.readyResolve = resolve;
      this.readyReject = reject;
    });
    this.ready.catch(() => undefined);
    this.exited = new Promise((resolve) => proc.on('close', (code) => resolve(code)));
  }

  static async start(options: FfmpegCaptureOptions): Promise<FfmpegCapture> {
    const line = options.plan.line;
    // The crop is set before the picture's size is known: a column is cropped to the full height (`ih`).
    const region: Region = line.kind === 'column' ? { left: line.x, top: 0, width: 1, height: 0 } : planSamples(line, 1 << 16, 1 << 16).region;
    const [passthrough, showinfo] = await Promise.all([framePassthroughArgs(), frameTimestampFilter()]);
    const args = captureArgs(options, region, line.kind === 'column', { passthrough, showinfo });
    const proc = spawn(ffmpegPath(), args, { stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'] }) as unknown as Proc;
    const capture = new FfmpegCapture(proc, options, line, region);
    capture.wire();
    return capture;
  }

  private wire(): void {
    const { proc } = this;
    const stdio = proc.stdio as unknown as [Writable, Readable, Readable, Readable, Readable];
    const cutter = new PacketCutter((p) => this.onPacket(p, cutter));
    stdio[3].setEncoding('utf8');
    stdio[3].on('data', (t: string) => cutter.pushText(t));
    stdio[4].on('data', (b: Buffer) => {
      cutter.pushBytes(b);
      if (cutter.pendingBytes > MAX_PENDING_BYTES) this.fail(new UserError(`${this.options.input}: ffmpeg sent packets without their timestamps`, 'USER_ERROR'));
    });
    stdio[1].on('data', (b: Buffer) => this.onRaw(b));
    let pending = '';
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => {
      const lines = (pending + chunk).split(/\r|\n/);
      pending = lines.pop() ?? '';
      for (const l of lines) this.onLog(l);
    });
    proc.stdin.on('error', () => undefined); // ffmpeg gone: stop() notices by its exit
    proc.on('error', (e: NodeJS.ErrnoException) => this.fail(e.code === 'ENOENT' ? missingTool('ffmpeg') : new UserError(`ffmpeg could not be started (${e.message})`, 'USER_ERROR')));
    void this.exited.then((code) => {
      if (!this.writer) this.fail(new UserError(`${this.options.input}: ${code === 0 ? 'the stream ended before its first frame' : `cannot be read (${lastErrorLine(this.log)})`}`, 'USER_ERROR'));
    });
    const timeout = setTimeout(() => {
      if (!this.writer && !this.failure) {
        this.fail(new UserError(`${this.options.input}: no frame within ${Math.round((this.options.openTimeoutMs ?? 20_000) / 1000)} s`, 'USER_ERROR'));
        this.proc.kill('SIGKILL');
      }
    }, this.options.openTimeoutMs ?? 20_000);
    void this.ready.finally(() => clearTimeout(timeout)).catch(() => undefined);
  }

  private onLog(line: string): void {
    const frame = parseShowinfoFrame(line);
    if (frame) {
      this.livePts.push(frame.pts);
      this.drainRaw();
      return;
    }
    this.inputFormat ??= parseInputFormat(line);
    if (!line.includes('showinfo')) this.log = (this.log + line + '\n').slice(-8000);
  }

  private fail(err: UserError): void {
    this.failure ??= err;
    this.readyReject(err);
  }

  private onPacket(p: CutPacket, cutter: PacketCutter): void {
    if (this.failure || this.stopping && !this.writer) return;
    if (!this.writer) {
      this.waitingPackets.push(p);
      if (this.waitingPackets.length === 1) void this.open(cutter);
      return;
    }
    if (this.waitingPackets.length > 0) {
      this.waitingPackets.push(p);
      return;
    }
    this.write(p);
  }

  /** At the first packet: what the stream is (codec, size, time base), checked, and its writer created. */
  private async open(cutter: PacketCutter): Promise<void> {
    try {
      const h = cutter.header;
      const codec = keptCodecOf(h.codec, this.options.input);
      if (!h.timeBase || !h.width || !h.height) throw new UserError(`${this.options.input}: ffmpeg did not report the stream's time base and size`, 'USER_ERROR');
      const fitted = fitLineToFrame(this.line, h.width, h.height, this.options.input);
      const plan = planSamples(fitted.line, h.width, h.height);
      if (this.line.kind !== 'column' && (plan.region.width !== this.region.width || plan.region.height !== this.region.height)) {
        throw new UserError(`${this.options.input}: the finish line reaches past the ${h.width}×${h.height} px picture`, 'INVALID_ARGUMENT');
      }
      this.timeBase = h.timeBase;
      this.codec = codec;
      this.sample = { plan, frameBytes: plan.region.width * plan.region.height * 3 };
      const record: CaptureRecord = {
        schema: CAPTURE_SCHEMA,
        schemaVersion: 1,
        startedAt: new Date().toISOString(),
        camera: {
          label: (this.options.label ?? this.options.input).slice(0, 200),
          width: h.width,
          height: h.height,
          frameRate: this.options.rate ?? null,
          stream: {
            input: this.options.input,
            format: this.options.format ?? this.inputFormat,
            codec,
            timeBase: `${h.timeBase.num}/${h.timeBase.den}`,
            clock: clockOf(this.options),
          },
        },
        build: { ...this.options.plan, line: fitted.line },
        markers: [],
        ...(this.options.by ? { by: this.options.by } : {}),
      };
      this.writer = codec === 'mjpeg' ? await CaptureWriter.create(this.options.folder, record) : await StreamWriter.create(this.options.folder, record, codec);
      if (this.options.trigger) {
        // Enough to reach back to a keyframe before the pre-trigger in a stream (a GOP is rarely over 4 s).
        const span = this.options.trigger.preTrigger + (codec === 'mjpeg' ? 0n : 4n * NS_PER_S);
        this.held = new PreTriggerBuffer(span, 10_000);
        this.triggerState = stepTrigger(this.triggerState, { kind: 'arm' }, this.triggerSettings()).state;
      }
      for (const p of this.waitingPackets.splice(0)) this.write(p);
      this.readyResolve();
    } catch (err) {
      this.fail(err instanceof UserError ? err : new UserError(`${this.options.folder}: ${String(err)}`, 'USER_ERROR'));
      this.proc.kill('SIGKILL');
    }
  }

  private timeOf(pts: bigint): { time: Ticks; captureUs: number } {
    const time = ptsToTicks(pts, this.timeBase as Rational);
    return { time, captureUs: usOf(time) };
  }

  private triggerSettings(): TriggerSettings {
    const t = this.options.trigger;
    return t ? { ...DEFAULT_TRIGGER, preTrigger: t.preTrigger, stopAfter: t.stopAfter } : DEFAULT_TRIGGER;
  }

  /** Trigger state for the live picture. */
  get triggerMode(): 'off' | 'armed' | 'recording' {
    return !this.options.trigger ? 'off' : this.triggerState.kind === 'recording' ? 'recording' : 'armed';
  }

  /** One live column's movement against the one before, through the trigger; starts or ends a triggered recording. */
  private watchLine(time: Ticks, rgb: Uint8Array): void {
    const luma = new Uint8Array(rgb.length / 3);
    for (let i = 0; i < luma.length; i++) luma[i] = ((rgb[3 * i] as number) * 77 + (rgb[3 * i + 1] as number) * 150 + (rgb[3 * i + 2] as number) * 29) >> 8;
    const motion = this.previousLuma ? bandMotion(this.previousLuma, luma) : 0;
    this.previousLuma = luma;
    const step = stepTrigger(this.triggerState, { kind: 'frame', time, motion }, this.triggerSettings());
    this.triggerState = step.state;
    const action = step.action;
    if (action.kind === 'start') {
      const held = this.held?.take(-(1n << 62n)) ?? [];
      // A stream decodes only from a keyframe: reach back to the last one at or before the pre-trigger.
      const keys = held.filter((h) => this.codec === 'mjpeg' || h.item.key);
      const from = [...keys].reverse().find((h) => h.time <= action.keepFrom)?.time ?? keys[0]?.time ?? action.keepFrom;
      this.held = null;
      void this.writer?.mark({ kind: 'motion-start', captureUs: usOf(action.at) });
      for (const h of held) if (h.time >= from) this.write(h.item);
    } else if (action.kind === 'stop') {
      void this.writer?.mark({ kind: 'motion-stop', captureUs: usOf(action.at) });
      this.stopping = true;
      this.options.onTriggerStop?.();
    }
  }

  private write(p: CutPacket): void {
    if (this.failure || (this.stopping && this.options.trigger)) return;
    if (this.held) {
      this.held.push(this.timeOf(p.pts).time, p);
      return;
    }
    const { time, captureUs } = this.timeOf(p.pts);
    const arrival = this.clock.push(time);
    try {
      if (this.writer instanceof CaptureWriter) {
        const bytes = this.codec === 'mjpeg' ? jpegOnly(p.bytes) : p.bytes;
        if (this.framesQueuedBytes + bytes.length > MAX_FRAME_QUEUE_BYTES) {
          this.options.onLoss?.({ time, missing: 1, cause: 'disk' });
          this.diskLost++;
        } else {
          this.framesQueued.push({ seq: this.seq++, captureUs, bytes, stream: { pts: p.pts, time } });
          this.framesQueuedBytes += bytes.length;
          void this.pumpFrames();
        }
      } else if (this.writer && !this.writer.offer({ pts: p.pts, time, captureUs, bytes: p.bytes })) {
        this.options.onLoss?.({ time, missing: 1, cause: 'disk' });
      }
    } catch (err) {
      this.fail(err instanceof UserError ? err : new UserError(`${this.options.folder}: ${String(err)}`, 'USER_ERROR'));
      this.proc.kill('SIGKILL');
      return;
    }
    if (arrival.kind === 'frame' && arrival.missing > 0) this.options.onLoss?.({ time, missing: arrival.missing, cause: 'camera' });
  }

  /**
   * Frames go to the frame writer as fast as it takes them: a burst (a stream catching up after a stall) waits
   * here, bounded, rather than being refused by the writer's own small queue. Past the bound a frame is lost to the
   * disk, counted and shown.
   */
  private async pumpFrames(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    const writer = this.writer as CaptureWriter;
    try {
      while (this.framesQueued.length > 0) {
        const waitingOnDisk = writer.stats().queued;
        if (waitingOnDisk >= WRITER_IN_FLIGHT) {
          // The oldest frame still on its way to disk (frames are written in order); a timer bounds the wait anyway.
          const oldest = this.seq - this.framesQueued.length - waitingOnDisk;
          await Promise.race([writer.settled(oldest), new Promise((r) => setTimeout(r, 20))]);
          continue;
        }
        const frame = this.framesQueued.shift() as IncomingFrame;
        this.framesQueuedBytes -= frame.bytes.length;
        const before = writer.stats().droppedBusy;
        const receipt = writer.offer(frame);
        if (receipt.droppedBusy > before) this.options.onLoss?.({ time: (frame.stream as { time: Ticks }).time, missing: receipt.droppedBusy - before, cause: 'disk' });
      }
    } catch (err) {
      this.fail(err instanceof UserError ? err : new UserError(`${this.options.folder}: ${String(err)}`, 'USER_ERROR'));
      this.proc.kill('SIGKILL');
    } finally {
      this.pumping = false;
      this.drainedNow?.();
    }
  }

  private drainedNow: (() => void) | null = null;

  private async framesDrained(): Promise<void> {
    while (this.pumping || (this.framesQueued.length > 0 && !this.failure)) {
      await new Promise<void>((resolve) => {
        this.drainedNow = resolve;
        if (!this.pumping) void this.pumpFrames();
      });
    }
  }

  private onRaw(chunk: Buffer): void {
    this.rawChunks.push(chunk);
    this.rawBytes += chunk.length;
    this.drainRaw();
  }

  /** Each raw crop with its showinfo timestamp, in order, becomes one live column. */
  private drainRaw(): void {
    const s = this.sample;
    if (!s || !this.timeBase) return;
    while (this.livePts.length > 0 && this.rawBytes >= s.frameBytes) {
      const all = this.rawChunks.length === 1 ? (this.rawChunks[0] as Buffer) : Buffer.concat(this.rawChunks, this.rawBytes);
      const region = all.subarray(0, s.frameBytes);
      const rest = all.subarray(s.frameBytes);
      this.rawChunks = rest.length ? [rest] : [];
      this.rawBytes = rest.length;
      const pts = this.livePts.shift() as bigint;
      const rgb = new Uint8Array(s.plan.rows * 3);
      sampleRegion(s.plan, region, 3, rgb, 0);
      const { time, captureUs } = this.timeOf(pts);
      if (this.options.trigger && !this.stopping) this.watchLine(time, rgb);
      this.options.onColumn?.({ time, captureUs, rgb, rows: s.plan.rows, readyAt: process.hrtime.bigint() });
    }
  }

  get folder(): string {
    return this.options.folder;
  }

  /** ffmpeg's process id (the benchmark measures its CPU). */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  get recordNow(): CaptureRecord | null {
    return this.writer?.recordNow ?? null;
  }

  get lastActivity(): number {
    return this.writer?.lastActivity ?? Date.now();
  }

  counts(): CaptureCounts {
    const c = this.clock.summary();
    return { frames: c.frames, missing: c.missing, gaps: c.gaps, droppedBusy: this.diskLost + (this.writer instanceof CaptureWriter ? this.writer.stats().droppedBusy : 0), rate: this.clock.rate() };
  }

  /** Resolves when ffmpeg stops by itself (the stream ended or failed), with the reason when it failed. */
  ended(): Promise<UserError | null> {
    return this.exited.then(() => (this.stopping ? null : (this.failure ?? (this.writer ? null : new UserError(`${this.options.input}: ${lastErrorLine(this.log)}`, 'USER_ERROR')))));
  }

  async mark(marker: CaptureMarker): Promise<void> {
    if (!this.writer) throw new UserError(`${this.options.input}: not recording yet`, 'CONFLICT');
    await this.writer.mark(marker);
  }

  /** Asks ffmpeg to finish (it writes what it holds), then closes the folder and records the end. */
  async stop(): Promise<CaptureSummary> {
    this.stopping = true;
    this.proc.stdin.end('q');
    const killer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(killer);
    await this.ready.catch(() => undefined);
    if (!this.writer) throw this.failure ?? new UserError(`${this.options.input}: no frame was recorded`, 'USER_ERROR');
    await this.framesDrained();
    const summary = await this.writer.finish();
    if (this.failure && summary.frames === 0) throw this.failure;
    return summary;
  }

  /** Like a crash: ffmpeg killed, what is queued written, the record left without an end (offered for building). */
  async abandon(): Promise<void> {
    this.stopping = true;
    this.proc.kill('SIGKILL');
    await this.exited;
    await this.framesDrained();
    await this.writer?.abandon();
  }
}

/**
 * The JPEG inside a packet: from its start-of-image to its last end-of-image marker. A multipart HTTP stream read as
 * raw MJPEG leaves the text between two pictures (the MIME boundary and headers) on a packet's ends; it is not
 * picture data. The JPEG's own bytes are never touched.
 */
export function jpegOnly(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start + 1 < bytes.length && !(bytes[start] === 0xff && bytes[start + 1] === 0xd8)) start++;
  let end = bytes.length;
  while (end - 2 > start && !(bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9)) end--;
  if (start + 1 >= bytes.length || end - 2 <= start) return bytes;
  return start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
}
