/**
 * The live capture, frame by frame, outside React: every camera frame's timestamp goes through the camera clock
 * (measured rate, dropped frames); while armed or recording the frame goes to a worker, whose answers drive the
 * motion trigger, the growing photo-finish image and the frames sent to disk. Armed, the last seconds wait in the
 * pre-trigger buffer (JPEG, never camera buffers); when the trigger fires (or Record is pressed) they are written
 * first. Stop waits for what is in flight, then asks the service to build the race.
 */
import type { PhotofinishApi } from '../../../app/api/contract.js';
import type { CaptureBuildPlan, CaptureCamera, CaptureMarker } from '../../../app/domain/capture/capture-folder.js';
import type { CaptureStopped } from '../../../app/domain/capture/capture-results.js';
import { captureUsToTicks, FrameClock, NS_PER_US } from '../../../app/domain/capture/frame-clock.js';
import { bandMotion } from '../../../app/domain/capture/motion-band.js';
import { DEFAULT_TRIGGER, IDLE, stepTrigger, type TriggerAction, type TriggerSettings, type TriggerState } from '../../../app/domain/capture/motion-trigger.js';
import { PreTriggerBuffer } from '../../../app/domain/capture/pre-trigger-buffer.js';
import type { FinishLine } from '../../../app/domain/race/evidence.js';
import { NS_PER_S, type Ticks } from '../../../app/domain/time/ticks.js';
import { FrameSender } from './frame-sender.js';

export type CaptureMode = 'idle' | 'armed' | 'recording' | 'stopping';
export type LossCause = 'camera' | 'app' | 'writer';

export interface CaptureStatus {
  mode: CaptureMode;
  /** Frames per second of the camera's clock (median interval), and as actually delivered over the last second. */
  rate: number | null;
  deliveredRate: number | null;
  /** Columns of the recording so far. */
  recorded: number;
  lost: Record<LossCause, number>;
  /** From the recording's first frame to its latest, on the camera clock. */
  elapsedNs: Ticks | null;
  error: string | null;
}

/** Where the live image is drawn (live-composite.ts); calls come in time order. */
export interface CaptureView {
  reset(): void;
  column(column: Uint8Array, captureUs: number): void;
  gap(frames: number, cause: LossCause, captureUs: number): void;
  mark(captureUs: number): void;
}

/** What the engine needs of a camera frame (a VideoFrame; a stand-in in unit tests). */
export interface CameraFrame {
  /** Capture time on the camera's clock, integer µs. */
  readonly timestamp: number;
  close(): void;
}

/** The part of the frame workers (frame-workers.ts) the engine uses; a fake in unit tests. */
export interface FramePool {
  submit(frame: CameraFrame, encode: boolean): number | null;
  readonly inFlight: number;
  close(): void;
}

/** The workers' answers, in frame order. */
export interface PoolListener {
  lines(index: number, column: Uint8Array, luma: Uint8Array): void;
  encoded(index: number, bytes: ArrayBuffer): void;
  failed(index: number, message: string): void;
  /** A job ended (done or failed): one fewer frame in flight. */
  settled(): void;
}

export interface CaptureEngineOptions {
  api: Pick<PhotofinishApi, 'startCapture' | 'writeCaptureFrame' | 'markCapture' | 'stopCapture'>;
  /** Builds the frame workers for a line; the engine passes its listener. */
  makePool(line: FinishLine, listener: PoolListener): FramePool;
  line: FinishLine;
  /** What the recording will be saved as, asked for at the moment it starts. */
  plan(): { plan: CaptureBuildPlan; camera: CaptureCamera };
  view: CaptureView;
  onChange(status: CaptureStatus): void;
  /** A recording ended (by Stop or by the trigger): its folder and the build job, or why it failed. */
  onStopped(result: CaptureStopped | { error: unknown }): void;
  trigger?: TriggerSettings;
}

interface Buffered {
  us: number;
  index: number;
  column: Uint8Array;
  bytes: ArrayBuffer | null;
}

/** Frames kept while armed: the pre-trigger span, and never more than this many (3 s at 120 frames/s). */
const MAX_BUFFERED = 360;

export class CaptureEngine {
  private readonly clock = new FrameClock();
  private pool: FramePool;
  private trigger: TriggerState = IDLE;
  private mode: CaptureMode = 'idle';
  private settings: TriggerSettings;
  private pre: PreTriggerBuffer<Buffered>;
  private readonly preByIndex = new Map<number, Buffered>();
  private readonly frameUs = new Map<number, number>();
  private previousLuma: Uint8Array | null = null;
  private sender: FrameSender | null = null;
  private captureId: string | null = null;
  private pendingMarks: CaptureMarker[] = [];
  /** Mark calls not yet answered: Stop waits for them (over HTTP a later call can be served first). */
  private readonly marksOnTheWay = new Set<Promise<void>>();
  private fromUs = 0;
  private stopUs = Number.MAX_SAFE_INTEGER;
  private firstUs: number | null = null;
  private lastUs: number | null = null;
  private recorded = 0;
  private lost: Record<LossCause, number> = { camera: 0, app: 0, writer: 0 };
  private error: string | null = null;
  private closed = false;

  constructor(private readonly opts: CaptureEngineOptions) {
    this.settings = opts.trigger ?? DEFAULT_TRIGGER;
    // A second more than the pre-trigger: the trigger fires a few frames after movement starts, and keeps from then.
    this.pre = new PreTriggerBuffer(this.settings.preTrigger + NS_PER_S, MAX_BUFFERED);
    this.pool = opts.makePool(opts.line, this.listener);
  }

  /** The official's pre-trigger and stop-after times (only while idle: a run's times never change under it). */
  setTrigger(times: Pick<TriggerSettings, 'preTrigger' | 'stopAfter'>): void {
    if (this.mode !== 'idle') return;
    this.settings = { ...this.settings, ...times };
    this.pre = new PreTriggerBuffer(this.settings.preTrigger + NS_PER_S, MAX_BUFFERED);
  }

  triggerTimes(): Pick<TriggerSettings, 'preTrigger' | 'stopAfter'> {
    return { preTrigger: this.settings.preTrigger, stopAfter: this.settings.stopAfter };
  }

  /** A new finish line (only while not recording): the workers start over with it. */
  setLine(line: FinishLine): void {
    if (this.mode === 'recording' || this.mode === 'stopping') return;
    this.pool.close();
    this.pre.clear();
    this.preByIndex.clear();
    this.frameUs.clear();
    this.previousLuma = null;
    this.pool = this.opts.makePool(line, this.listener);
  }

  /** Every frame of the camera, in order; the engine closes it or hands it on. */
  frame(frame: CameraFrame): void {
    const us = frame.timestamp;
    if (this.closed || !Number.isSafeInteger(us) || us < 0) {
      frame.close();
      return;
    }
    const arrival = this.clock.push(captureUsToTicks(us));
    if (arrival.kind !== 'frame') {
      frame.close();
      return;
    }
    this.lastUs = us;
    if (arrival.missing > 0 && this.mode === 'recording') this.lose('camera', arrival.missing, us);
    if (this.mode === 'idle' || this.mode === 'stopping') {
      frame.close();
      this.changed();
      return;
    }
    const index = this.pool.submit(frame, true);
    if (index === null) {
      frame.close();
      if (this.mode === 'recording') this.lose('app', 1, us);
      return;
    }
    this.frameUs.set(index, us);
  }

  arm(): void {
    this.step({ kind: 'arm' });
  }

  disarm(): void {
    this.step({ kind: 'disarm' });
  }

  record(): void {
    if (this.lastUs !== null) this.step({ kind: 'record', at: captureUsToTicks(this.lastUs) });
  }

  stop(): void {
    if (this.lastUs !== null) this.step({ kind: 'stop', at: captureUsToTicks(this.lastUs) });
  }

  /** The F key: a manual trigger time on the camera clock, during a recording. */
  mark(): void {
    if (this.mode !== 'recording' || this.lastUs === null) return;
    this.opts.view.mark(this.lastUs);
    this.addMarker({ kind: 'manual', captureUs: this.lastUs });
  }

  status(): CaptureStatus {
    return {
      mode: this.mode,
      rate: this.clock.rate(),
      deliveredRate: this.clock.deliveredRate(),
      recorded: this.recorded,
      lost: { ...this.lost },
      elapsedNs: this.firstUs !== null && this.lastUs !== null && this.mode !== 'idle' ? captureUsToTicks(this.lastUs) - captureUsToTicks(this.firstUs) : null,
      error: this.error,
    };
  }

  close(): void {
    this.closed = true;
    this.pool.close();
    this.pre.clear();
  }

  private readonly listener: PoolListener = {
    lines: (index, column, luma) => this.onLines(index, column, luma),
    encoded: (index, bytes) => this.onEncoded(index, bytes),
    failed: (index) => {
      const us = this.frameUs.get(index);
      this.frameUs.delete(index);
      if (us !== undefined && this.mode === 'recording') this.lose('app', 1, us);
    },
    settled: () => this.maybeFinish(),
  };

  private onLines(index: number, column: Uint8Array, luma: Uint8Array): void {
    const us = this.frameUs.get(index);
    if (us === undefined) return;
    const motion = this.previousLuma ? bandMotion(this.previousLuma, luma) : 0;
    this.previousLuma = luma;
    if (this.mode === 'recording' && us >= this.fromUs) this.show(column, us);
    else if (this.mode === 'armed') {
      const entry: Buffered = { us, index, column, bytes: null };
      this.pre.push(captureUsToTicks(us), entry);
      this.preByIndex.set(index, entry);
      if (this.preByIndex.size > MAX_BUFFERED * 2) this.preByIndex.delete(this.preByIndex.keys().next().value as number);
    }
    this.step({ kind: 'frame', time: captureUsToTicks(us), motion });
  }

  private onEncoded(index: number, bytes: ArrayBuffer): void {
    const us = this.frameUs.get(index);
    this.frameUs.delete(index);
    if (us === undefined) return;
    const buffered = this.preByIndex.get(index);
    this.preByIndex.delete(index);
    if ((this.mode === 'recording' || this.mode === 'stopping') && us >= this.fromUs && us <= this.stopUs) this.sender?.send(us, bytes);
    else if (buffered) buffered.bytes = bytes;
    this.maybeFinish();
  }

  private step(event: Parameters<typeof stepTrigger>[1]): void {
    const { state, action } = stepTrigger(this.trigger, event, this.settings);
    this.trigger = state;
    if (state.kind === 'armed' && this.mode === 'idle') this.mode = 'armed';
    if (state.kind === 'idle' && this.mode === 'armed') {
      this.mode = 'idle';
      this.pre.clear();
      this.preByIndex.clear();
    }
    this.act(action);
    this.changed();
  }

  private act(action: TriggerAction): void {
    if (action.kind === 'start') this.begin(Number(action.keepFrom / NS_PER_US), action.by === 'motion' ? Number(action.at / NS_PER_US) : null);
    else if (action.kind === 'stop') this.end(Number(action.at / NS_PER_US), action.by);
  }

  private begin(keepFromUs: number, motionAtUs: number | null): void {
    this.mode = 'recording';
    this.fromUs = keepFromUs;
    this.stopUs = Number.MAX_SAFE_INTEGER;
    this.recorded = 0;
    this.firstUs = null;
    this.lost = { camera: 0, app: 0, writer: 0 };
    this.error = null;
    this.captureId = null;
    this.pendingMarks = [];
    this.opts.view.reset();
    const sender = new FrameSender(this.opts.api, (us) => this.lose('writer', 1, us));
    this.sender = sender;
    for (const entry of this.pre.take(captureUsToTicks(keepFromUs))) {
      this.show(entry.item.column, entry.item.us);
      if (entry.item.bytes) sender.send(entry.item.us, entry.item.bytes);
      else this.preByIndex.set(entry.item.index, entry.item);
    }
    if (motionAtUs !== null) this.addMarker({ kind: 'motion-start', captureUs: motionAtUs });
    const { plan, camera } = this.opts.plan();
    this.opts.api
      .startCapture({ plan, camera })
      .then(({ captureId }) => {
        if (this.sender !== sender) return;
        this.captureId = captureId;
        sender.start(captureId);
        for (const marker of this.pendingMarks.splice(0)) this.sendMarker(captureId, marker);
        this.maybeFinish();
      })
      .catch((err: unknown) => this.fail(err));
  }

  private end(atUs: number, by: 'motion' | 'manual'): void {
    if (this.mode !== 'recording') return;
    this.mode = 'stopping';
    this.stopUs = atUs;
    if (by === 'motion') this.addMarker({ kind: 'motion-stop', captureUs: atUs });
    this.maybeFinish();
  }

  /** Once stopping and nothing is left in the workers or on the way: stop the recording and start the build. */
  private maybeFinish(): void {
    const sender = this.sender;
    if (this.mode !== 'stopping' || !sender || this.captureId === null || this.pool.inFlight > 0) return;
    const captureId = this.captureId;
    this.sender = null;
    void sender
      .drained()
      .then(() => Promise.all(this.marksOnTheWay))
      .then(() => {
        if (sender.failure !== null) throw sender.failure;
        return this.opts.api.stopCapture({ captureId });
      })
      .then((stopped) => {
        this.mode = 'idle';
        this.changed();
        this.opts.onStopped(stopped);
      })
      .catch((err: unknown) => this.fail(err));
  }

  private fail(err: unknown): void {
    this.error = err instanceof Error ? err.message : String(err);
    this.mode = 'idle';
    this.trigger = IDLE;
    this.sender = null;
    this.changed();
    this.opts.onStopped({ error: err });
  }

  private addMarker(marker: CaptureMarker): void {
    if (this.captureId === null) this.pendingMarks.push(marker);
    else this.sendMarker(this.captureId, marker);
  }

  private sendMarker(captureId: string, marker: CaptureMarker): void {
    const call: Promise<void> = this.opts.api
      .markCapture({ captureId, marker })
      .catch((err: unknown) => {
        // The recording goes on (its frames are the evidence), but the official must know a mark is missing.
        this.error = `A ${marker.kind === 'manual' ? 'trigger mark (F)' : 'motion trigger time'} was not saved: ${err instanceof Error ? err.message : String(err)}`;
        this.changed();
      })
      .finally(() => this.marksOnTheWay.delete(call));
    this.marksOnTheWay.add(call);
  }

  private show(column: Uint8Array, us: number): void {
    this.firstUs ??= us;
    this.recorded++;
    this.opts.view.column(column, us);
  }

  private lose(cause: LossCause, frames: number, us: number): void {
    this.lost[cause] += frames;
    this.opts.view.gap(frames, cause, us);
    this.changed();
  }

  private changed(): void {
    this.opts.onChange(this.status());
  }
}
