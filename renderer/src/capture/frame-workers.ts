/**
 * The frame workers (capture-worker.ts): as many as the machine has cores, up to two, each taking at most
 * `perWorker` frames at a time. A frame no worker has room for is refused at once (the caller closes it and counts
 * a drop), never queued: memory stays bounded and the camera keeps its buffers. Answers come back in frame order.
 */
import type { FromWorker, ToWorker, WorkerConfig } from './worker-protocol.js';
import { InOrder } from './in-order.js';
import type { FramePool, PoolListener } from './capture-engine.js';

interface Slot {
  worker: Worker;
  busy: number;
}

export class FrameWorkerPool implements FramePool {
  private readonly slots: Slot[];
  private nextIndex = 0;
  private readonly encodedSeen = new Set<number>();
  private readonly lines: InOrder<{ column: Uint8Array; luma: Uint8Array }>;
  private readonly encoded: InOrder<ArrayBuffer>;

  constructor(
    config: Omit<WorkerConfig, 'type'>,
    listener: PoolListener,
    count = Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1)),
    private readonly perWorker = 2,
  ) {
    this.lines = new InOrder((i, v) => listener.lines(i, v.column, v.luma));
    this.encoded = new InOrder((i, v) => listener.encoded(i, v));
    this.slots = Array.from({ length: count }, () => {
      const worker = new Worker(new URL('./capture-worker.ts', import.meta.url), { type: 'module', name: 'photofinish-capture' });
      const slot: Slot = { worker, busy: 0 };
      worker.onmessage = (e: MessageEvent<FromWorker>) => this.answer(slot, e.data, listener);
      worker.postMessage({ type: 'configure', ...config } satisfies ToWorker);
      return slot;
    });
  }

  /** Hands the frame to the least busy worker, or returns null when all are full (the frame is not taken). */
  submit(frame: VideoFrame, encode: boolean): number | null {
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    if (slot.busy >= this.perWorker) return null;
    const index = this.nextIndex++;
    slot.busy++;
    slot.worker.postMessage({ type: 'frame', index, frame, encode } satisfies ToWorker, [frame]);
    return index;
  }

  /** Frames handed out and not yet finished. */
  get inFlight(): number {
    return this.slots.reduce((n, s) => n + s.busy, 0);
  }

  close(): void {
    for (const s of this.slots) s.worker.terminate();
  }

  private answer(slot: Slot, m: FromWorker, listener: PoolListener): void {
    switch (m.type) {
      case 'lines':
        this.lines.put(m.index, { column: m.column, luma: m.luma });
        return;
      case 'encoded':
        this.encodedSeen.add(m.index);
        this.encoded.put(m.index, m.bytes);
        return;
      case 'done':
        slot.busy--;
        if (!this.encodedSeen.delete(m.index)) this.encoded.skip(m.index);
        listener.settled();
        return;
      case 'failed':
        slot.busy--;
        this.lines.skip(m.index);
        this.encoded.skip(m.index);
        this.encodedSeen.delete(m.index);
        listener.failed(m.index, m.message);
        listener.settled();
        return;
    }
  }
}
