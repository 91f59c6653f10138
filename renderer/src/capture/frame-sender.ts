/**
 * Sends recorded frames to the service (`writeCaptureFrame`, one binary call each) in the order they were recorded,
 * at most `maxInFlight` calls at once; the service answers once a frame is on disk, so a slow disk backs up here.
 * Frames wait in a bounded outbox (while the recording's folder is being opened, the pre-trigger buffer's burst, a
 * slow disk): about 3 s of 720p frames at 120 frames/s. A frame that finds it full is dropped and counted, never
 * queued without limit. The first error (a full disk, say) stops the sending and is kept for the screen.
 */
import type { PhotofinishApi } from '../../../app/api/contract.js';

export interface SenderCounts {
  /** Frames the writer took. */
  written: number;
  /** Frames the writer refused (its queue was full) or the outbox had no room for. */
  dropped: number;
  /** In the outbox or on the way. */
  pending: number;
}

interface Outgoing {
  seq: number;
  captureUs: number;
  bytes: ArrayBuffer;
}

export class FrameSender {
  private captureId: string | null = null;
  private readonly outbox: Outgoing[] = [];
  private inFlight = 0;
  private nextSeq = 0;
  private outboxBytes = 0;
  private written = 0;
  private dropped = 0;
  private error: unknown = null;
  private idle: (() => void)[] = [];

  constructor(
    private readonly api: Pick<PhotofinishApi, 'writeCaptureFrame'>,
    private readonly onDrop: (captureUs: number) => void,
    private readonly limits = { maxInFlight: 4, maxOutboxFrames: 600, maxOutboxBytes: 128 * 1024 * 1024 },
  ) {}

  /** The recording's id, once its folder is open: sending starts. */
  start(captureId: string): void {
    this.captureId = captureId;
    this.pump();
  }

  send(captureUs: number, bytes: ArrayBuffer): void {
    if (this.error !== null) return;
    if (this.outbox.length >= this.limits.maxOutboxFrames || this.outboxBytes + bytes.byteLength > this.limits.maxOutboxBytes) {
      this.dropped++;
      this.onDrop(captureUs);
      return;
    }
    this.outbox.push({ seq: this.nextSeq++, captureUs, bytes });
    this.outboxBytes += bytes.byteLength;
    this.pump();
  }

  counts(): SenderCounts {
    return { written: this.written, dropped: this.dropped, pending: this.outbox.length + this.inFlight };
  }

  get failure(): unknown {
    return this.error;
  }

  /** Resolves when everything handed over has been answered (or sending failed). */
  drained(): Promise<void> {
    if (this.outbox.length + this.inFlight === 0 || this.error !== null) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (this.captureId !== null && this.error === null && this.inFlight < this.limits.maxInFlight && this.outbox.length > 0) {
      const next = this.outbox.shift() as Outgoing;
      this.outboxBytes -= next.bytes.byteLength;
      this.inFlight++;
      const captureId = this.captureId;
      this.api
        .writeCaptureFrame({ captureId, seq: next.seq, captureUs: next.captureUs, bytes: new Uint8Array(next.bytes) })
        .then((receipt) => {
          if (receipt.accepted) this.written++;
          else {
            this.dropped++;
            this.onDrop(next.captureUs);
          }
        })
        .catch((err: unknown) => {
          this.error ??= err;
        })
        .finally(() => {
          this.inFlight--;
          this.pump();
          if ((this.outbox.length + this.inFlight === 0 || this.error !== null) && this.idle.length) for (const resolve of this.idle.splice(0)) resolve();
        });
    }
  }
}
