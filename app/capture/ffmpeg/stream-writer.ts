/**
 * Writes an FFmpeg capture of an H.264 or HEVC stream (layout: STREAM_FILE in app/domain/capture/capture-folder.ts):
 * the packets exactly as the camera sent them, appended to one elementary-stream file, and after each packet's
 * bytes its line in timestamps.csv. A kill at any moment leaves a stream whose every timed packet is whole (the
 * bytes precede the line); `recoverStream` sets aside any bytes past the last timed packet. Memory is bounded like
 * the frame writer's: past `maxQueuedBytes` not yet written, a packet is refused and counted (the gap then shows in
 * the times). A stream whose timestamps do not increase (frames reordered, B-frames) is refused: its frame numbers
 * would not be its presentation order.
 */
import { mkdir, open, readdir, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CAPTURE_LAYOUT, PACKET_TIMESTAMPS_HEADER, packetTimestampsLine, STREAM_FILE, type CaptureMarker, type CaptureRecord, type CaptureSummary } from '../../domain/capture/capture-folder.js';
import { UserError } from '../../domain/errors.js';
import type { Ticks } from '../../domain/time/ticks.js';
import { fsyncDir, writeFileDurableExclusive } from '../../store/atomic-write.js';
import { recordingSummary, refuseTakenFolder, writeCaptureRecord } from '../capture-writer.js';

export interface StreamPacket {
  pts: bigint;
  time: Ticks;
  captureUs: number;
  bytes: Uint8Array;
}

const MAX_QUEUED_BYTES = 64 * 1024 * 1024;
const SYNC_EVERY_MS = 250;

export class StreamWriter {
  private readonly times: Ticks[] = [];
  private first: Ticks | null = null;
  private last: Ticks | null = null;
  private endByte = 0;
  private queuedBytes = 0;
  private droppedBusy = 0;
  private chain: Promise<void> = Promise.resolve();
  private failure: UserError | null = null;
  private finished: CaptureSummary | null = null;
  private lastSync = Date.now();
  private activeAt = Date.now();

  private constructor(
    readonly folder: string,
    private record: CaptureRecord,
    private readonly stream: FileHandle,
    private readonly timestamps: FileHandle,
  ) {}

  static async create(folder: string, record: CaptureRecord, codec: keyof typeof STREAM_FILE): Promise<StreamWriter> {
    await mkdir(folder, { recursive: true });
    refuseTakenFolder(folder, await readdir(folder));
    await writeCaptureRecord(folder, record);
    const tsFile = path.join(folder, CAPTURE_LAYOUT.timestamps);
    await writeFileDurableExclusive(tsFile, PACKET_TIMESTAMPS_HEADER);
    const stream = await open(path.join(folder, STREAM_FILE[codec]), 'wx', 0o644);
    return new StreamWriter(folder, record, stream, await open(tsFile, 'a'));
  }

  /** Queues a packet's bytes and line; false when refused (no room). Throws once the disk has failed. */
  offer(packet: StreamPacket): boolean {
    this.activeAt = Date.now();
    if (this.failure) throw this.failure;
    if (this.finished) throw new UserError(`${this.folder}: the recording has stopped`, 'CONFLICT');
    if (this.last !== null && packet.time <= this.last) {
      throw new UserError(`${this.folder}: the stream's timestamps do not increase (it reorders frames, B-frames); set the camera to send no B-frames`, 'INVALID_ARGUMENT');
    }
    if (this.queuedBytes + packet.bytes.length > MAX_QUEUED_BYTES) {
      this.droppedBusy++;
      return false;
    }
    this.first ??= packet.time;
    this.last = packet.time;
    const frame = this.times.length;
    this.times.push(packet.time);
    this.queuedBytes += packet.bytes.length;
    this.endByte += packet.bytes.length;
    const line = packetTimestampsLine(frame, packet.time, this.first, packet.captureUs, packet.pts, this.endByte);
    this.chain = this.chain.then(async () => {
      if (this.failure) return;
      try {
        await this.stream.write(packet.bytes);
        await this.timestamps.appendFile(line);
        const now = Date.now();
        if (now - this.lastSync >= SYNC_EVERY_MS) {
          this.lastSync = now;
          await this.stream.sync();
          await this.timestamps.sync();
        }
      } catch (err) {
        this.failure = new UserError(`${this.folder}: cannot write (${(err as NodeJS.ErrnoException).code ?? String(err)}); the stream written so far is kept`, 'USER_ERROR');
      } finally {
        this.queuedBytes -= packet.bytes.length;
      }
    });
    return true;
  }

  get written(): number {
    return this.times.length;
  }

  get lastActivity(): number {
    return this.activeAt;
  }

  get recordNow(): CaptureRecord {
    return this.record;
  }

  async mark(marker: CaptureMarker): Promise<void> {
    this.activeAt = Date.now();
    this.record = { ...this.record, markers: [...this.record.markers, marker] };
    await writeCaptureRecord(this.folder, this.record);
  }

  async abandon(): Promise<void> {
    if (!this.finished) await this.flush();
  }

  async finish(): Promise<CaptureSummary> {
    if (this.finished) return this.finished;
    await this.flush();
    const summary = recordingSummary(this.times, { frames: this.times.length, droppedBusy: this.droppedBusy, bytes: this.endByte });
    this.finished = summary;
    this.record = { ...this.record, stoppedAt: new Date().toISOString(), summary };
    await writeCaptureRecord(this.folder, this.record);
    if (this.failure) throw this.failure;
    return summary;
  }

  private async flush(): Promise<void> {
    await this.chain;
    for (const h of [this.stream, this.timestamps]) {
      // Already closed by an earlier flush (abandoned, then stopped): nothing left to sync.
      await h.sync().catch(() => undefined);
      await h.close().catch(() => undefined);
    }
    await fsyncDir(this.folder);
  }
}
