/**
 * Writes a live recording as a frame folder (layout: app/domain/capture/capture-folder.ts) that a crash, a kill or
 * a closed window at any moment leaves buildable:
 *   - each frame is written under a hidden name (`.f_000012.jpg.part`, which the build never lists) and renamed into
 *     place when whole; only then is its line appended to timestamps.csv, in the order the frames were sent;
 *   - frames may arrive out of order (parallel HTTP requests): they wait, a bounded while, for the ones before;
 *   - memory is bounded: past `maxQueuedFrames` / `maxQueuedBytes` not yet on disk, a frame is refused and counted
 *     (`droppedBusy`), never queued without limit. The time map then shows the hole as a gap, like a camera drop.
 *   - `settled(seq)` resolves once a frame is on disk (or given up), so a caller can answer only then: the page's
 *     bounded number of calls in flight is then the back-pressure, and a slow disk backs up into the page's outbox.
 * Frames are not fsynced one by one (4 ms each on a loaded disk, the whole budget at 120 frames/s): a killed app
 * loses nothing written, and what a power cut can tear (the last second or so) is set aside by recoverCapture.
 * timestamps.csv is fsynced every `syncEveryMs`, and everything at Stop.
 */
import { mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { captureFrameName, CAPTURE_LAYOUT, STREAM_TIMESTAMPS_HEADER, TIMESTAMPS_HEADER, timestampsLine, type CaptureMarker, type CaptureRecord, type CaptureSummary } from '../domain/capture/capture-folder.js';
import type { FrameReceipt } from '../domain/capture/capture-results.js';
import { captureUsToTicks, countLostFrames } from '../domain/capture/frame-clock.js';
import { UserError } from '../domain/errors.js';
import type { Ticks } from '../domain/time/ticks.js';
import { fsyncDir, writeFileAtomic, writeFileDurableExclusive } from '../store/atomic-write.js';
import { checkFrameBytes, type FrameExt } from './frame-check.js';

export interface WriterLimits {
  maxQueuedFrames: number;
  maxQueuedBytes: number;
  /** Frames that may wait for an earlier one lost on the way before it is given up (counted in droppedBusy). */
  reorderWindow: number;
  /** How often timestamps.csv is fsynced (a kill loses nothing; this bounds what a power cut can). */
  syncEveryMs: number;
}

export const DEFAULT_WRITER_LIMITS: WriterLimits = Object.freeze({ maxQueuedFrames: 48, maxQueuedBytes: 96 * 1024 * 1024, reorderWindow: 8, syncEveryMs: 250 });

export interface IncomingFrame {
  /** 0, 1, 2, … in the order the app sent them. */
  seq: number;
  /** The camera's timestamp (VideoFrame.timestamp, integer µs). */
  captureUs: number;
  bytes: Uint8Array;
  /** An FFmpeg stream's exact time (the timestamp in its time base, and as ticks), where µs would round it. */
  stream?: { pts: bigint; time: Ticks };
}

/** A recording's summary, its gaps and lost frames by the build's own measure of its times (first to last). */
export function recordingSummary(times: readonly Ticks[], counts: { frames: number; droppedBusy: number; bytes: number }): CaptureSummary {
  const lost = countLostFrames(times);
  const first = times[0];
  const last = times[times.length - 1];
  return { ...counts, gaps: lost.gaps, missing: lost.missing, durationNs: String(first !== undefined && last !== undefined ? last - first : 0n) };
}

/** capture.json, rewritten atomically (at the start, on every mark, at the end). */
export async function writeCaptureRecord(folder: string, record: CaptureRecord): Promise<void> {
  await writeFileAtomic(path.join(folder, CAPTURE_LAYOUT.record), `${JSON.stringify(record, null, 2)}\n`);
}

/** Refuses a recording folder whose listing (`names`) holds files, hidden ones aside: frames go into a new folder. */
export function refuseTakenFolder(folder: string, names: readonly string[]): void {
  if (names.some((n) => !n.startsWith('.'))) throw new UserError(`${folder}: already holds files (frames are recorded into a new folder)`, 'CONFLICT', { hint: 'choose-race-folder' });
}

export class CaptureWriter {
  /** Every written frame's camera time, for the summary's gap count (the build's own measure). */
  private readonly times: Ticks[] = [];
  private readonly waiting = new Map<number, IncomingFrame>();
  private nextSeq = 0;
  private queuedFrames = 0;
  private queuedBytes = 0;
  private written = 0;
  private bytesWritten = 0;
  private droppedBusy = 0;
  private first: Ticks | null = null;
  private last: Ticks | null = null;
  private ext: FrameExt | null = null;
  private commits: Promise<void> = Promise.resolve();
  private failure: UserError | null = null;
  private finished: CaptureSummary | null = null;
  private lastSync = Date.now();
  private activeAt = Date.now();
  private readonly settling = new Map<number, () => void>();
  private readonly names: string[] = [];

  private constructor(
    readonly folder: string,
    private record: CaptureRecord,
    private readonly timestamps: FileHandle,
    private readonly limits: WriterLimits,
  ) {}

  /** Creates the folder (new, or empty) with its record and the timestamps header. */
  static async create(folder: string, record: CaptureRecord, limits: WriterLimits = DEFAULT_WRITER_LIMITS): Promise<CaptureWriter> {
    const header = record.camera.stream ? STREAM_TIMESTAMPS_HEADER : TIMESTAMPS_HEADER;
    await mkdir(folder, { recursive: true });
    refuseTakenFolder(folder, await readdir(folder));
    await writeCaptureRecord(folder, record);
    const tsFile = path.join(folder, CAPTURE_LAYOUT.timestamps);
    await writeFileDurableExclusive(tsFile, header);
    return new CaptureWriter(folder, record, await open(tsFile, 'a'), limits);
  }

  /** Takes a frame into the queue, or refuses it (queue full) without blocking; throws on a bad frame. */
  offer(frame: IncomingFrame): FrameReceipt {
    this.activeAt = Date.now();
    if (this.failure) throw this.failure;
    if (this.finished) throw new UserError(`${this.folder}: the recording has stopped`, 'CONFLICT');
    const what = `frame ${frame.seq} of ${path.basename(this.folder)}`;
    const ext = checkFrameBytes(frame.bytes, this.record.camera, what);
    if (this.ext && ext !== this.ext) throw new UserError(`${what}: ${ext === 'jpg' ? 'JPEG' : 'PNG'}, but the recording is in ${this.ext === 'jpg' ? 'JPEG' : 'PNG'}`, 'INVALID_ARGUMENT');
    captureUsToTicks(frame.captureUs);
    const full = this.queuedFrames >= this.limits.maxQueuedFrames || this.queuedBytes + frame.bytes.length > this.limits.maxQueuedBytes;
    if (frame.seq < this.nextSeq || this.waiting.has(frame.seq) || full) {
      // A repeat, a frame given up on, or no room: either way it is not written and the gap shows in the times.
      this.droppedBusy++;
      return this.receipt(false);
    }
    this.ext ??= ext;
    this.queuedFrames++;
    this.queuedBytes += frame.bytes.length;
    this.waiting.set(frame.seq, frame);
    this.pump(false);
    return this.receipt(true);
  }

  /** Resolves when frame `seq` (offered and accepted) is on disk with its line, or was given up. */
  settled(seq: number): Promise<void> {
    if (!this.waiting.has(seq) && !this.settling.has(seq) && !this.inWrite.has(seq)) return Promise.resolve();
    return new Promise((resolve) => {
      const before = this.settling.get(seq);
      this.settling.set(seq, () => {
        before?.();
        resolve();
      });
    });
  }

  /** Records an F-key mark (or a trigger) in capture.json. */
  async mark(marker: CaptureMarker): Promise<void> {
    this.activeAt = Date.now();
    this.record = { ...this.record, markers: [...this.record.markers, marker] };
    await writeCaptureRecord(this.folder, this.record);
  }

  stats(): FrameReceipt {
    return this.receipt(true);
  }

  /** When a frame or a mark last came (Date.now()): a recording nobody sends to any more was abandoned. */
  get lastActivity(): number {
    return this.activeAt;
  }

  /**
   * Closes a recording whose page went away (reloaded, closed, crashed) without Stop: what is queued is written and
   * synced, and the record is left as a crash leaves it (no end), so it is offered as interrupted and built the same way.
   */
  async abandon(): Promise<void> {
    if (this.finished) return;
    await this.flush();
  }

  /** Writes everything queued (giving up on frames that never came), fsyncs, and records the end. */
  async finish(): Promise<CaptureSummary> {
    if (this.finished) return this.finished;
    await this.flush();
    const summary = recordingSummary(this.times, { frames: this.written, droppedBusy: this.droppedBusy, bytes: this.bytesWritten });
    this.finished = summary;
    this.record = { ...this.record, stoppedAt: new Date().toISOString(), summary };
    await writeCaptureRecord(this.folder, this.record);
    if (this.failure) throw this.failure;
    return summary;
  }

  get recordNow(): CaptureRecord {
    return this.record;
  }

  private async flush(): Promise<void> {
    this.pump(true);
    await this.commits;
    await this.syncFrames();
    // Already closed by an earlier flush (abandoned, then stopped): nothing left to sync.
    await this.timestamps.sync().catch(() => undefined);
    await this.timestamps.close().catch(() => undefined);
    await fsyncDir(this.folder);
  }

  private receipt(accepted: boolean): FrameReceipt {
    return { accepted, written: this.written, queued: this.queuedFrames, droppedBusy: this.droppedBusy };
  }

  /** Starts writing every frame whose turn has come; with `all`, skips over frames that never arrived. */
  private pump(all: boolean): void {
    for (;;) {
      let frame = this.waiting.get(this.nextSeq);
      if (!frame) {
        // A frame lost on the way (a failed request) must not hold up the rest past the queue's bound.
        const stuck = this.waiting.size > 0 && (all || this.waiting.size >= this.limits.reorderWindow);
        if (!stuck) return;
        this.nextSeq = Math.min(...this.waiting.keys());
        frame = this.waiting.get(this.nextSeq) as IncomingFrame;
      }
      this.waiting.delete(this.nextSeq);
      this.nextSeq++;
      this.startWrite(frame);
    }
  }

  private readonly inWrite = new Set<number>();

  /** At Stop: every frame file to disk (in parallel), before the recording is called finished. */
  private async syncFrames(): Promise<void> {
    const names = this.names.splice(0);
    for (let i = 0; i < names.length; i += 16) {
      await Promise.all(
        names.slice(i, i + 16).map(async (name) => {
          const h = await open(path.join(this.folder, name), 'r').catch(() => null);
          await h?.sync().catch(() => undefined);
          await h?.close();
        }),
      );
    }
  }

  private startWrite(frame: IncomingFrame): void {
    this.inWrite.add(frame.seq);
    const time = frame.stream?.time ?? captureUsToTicks(frame.captureUs);
    if (this.last !== null && time <= this.last) {
      // Same or earlier camera time than the frame before: not a new picture of the line.
      this.release(frame, false);
      this.droppedBusy++;
      return;
    }
    this.times.push(time);
    this.first ??= time;
    this.last = time;
    const first = this.first;
    const name = captureFrameName(frame.seq, this.ext ?? 'jpg');
    const part = path.join(this.folder, `.${name}.part`);
    // Frame files are written side by side; their renames and lines follow strictly in order.
    const written = writePart(part, frame.bytes).then(
      () => null,
      (err: unknown) => err,
    );
    this.commits = this.commits.then(async () => {
      try {
        const writeError = await written;
        if (writeError !== null) throw writeError;
        if (this.failure) throw this.failure;
        await rename(part, path.join(this.folder, name));
        await this.timestamps.appendFile(timestampsLine(name, time, first, frame.captureUs, frame.stream?.pts));
        this.names.push(name);
        this.release(frame, true);
        await this.syncNowAndThen();
      } catch (err) {
        this.release(frame, false);
        await rm(part, { force: true }).catch(() => undefined);
        this.failure ??= diskError(this.folder, err);
      }
    });
  }

  private release(frame: IncomingFrame, ok: boolean): void {
    this.queuedFrames--;
    this.queuedBytes -= frame.bytes.length;
    this.inWrite.delete(frame.seq);
    const settle = this.settling.get(frame.seq);
    this.settling.delete(frame.seq);
    settle?.();
    if (ok) {
      this.written++;
      this.bytesWritten += frame.bytes.length;
    }
  }

  private async syncNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSync < this.limits.syncEveryMs) return;
    this.lastSync = now;
    await this.timestamps.sync();
  }
}

async function writePart(file: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(file, 'wx', 0o644);
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

function diskError(folder: string, err: unknown): UserError {
  if (err instanceof UserError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'ENOSPC' ? 'the disk is full' : code === 'EACCES' || code === 'EPERM' ? 'no permission to write there' : `cannot write (${code ?? String(err).split('\n')[0]})`;
  return new UserError(`${folder}: ${why}; the frames written so far are kept`, 'USER_ERROR');
}
