/**
 * The recorder for an FFmpeg source (a USB/IP camera read by the service through FFmpeg, not by this page): Record,
 * Arm, Stop and F go to the service (startStreamCapture, stopCapture, markCapture); the live image is drawn from
 * its `capture-columns` events (the finish line's pixels of every frame, and the losses: red columns) on the same
 * LiveComposite as a browser camera's. It answers the action registry like the browser recorder (session/capture.ts).
 */
import type { CaptureBuildPlan } from '../../../app/domain/capture/capture-folder.js';
import type { CaptureColumns, CaptureStopped } from '../../../app/domain/capture/capture-results.js';
import type { StreamSource } from '../../../app/api/methods/capture.js';
import type { ApiEvent } from '../../../app/api/events.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { setCaptureControls, setRecorderMode } from '../session/capture.js';
import type { CaptureStatus } from './capture-engine.js';
import { LiveComposite } from './live-composite.js';

export interface StreamRecorderOptions {
  canvas: HTMLCanvasElement;
  source: StreamSource;
  plan(): CaptureBuildPlan;
  trigger(): { preTriggerS: number; stopAfterS: number };
  mirror(): boolean;
  onStatus(status: CaptureStatus): void;
  onStopped(result: CaptureStopped | { error: unknown }): void;
}

/** Base64 RGB columns as RGBA columns (what LiveComposite draws). */
function rgbaColumns(c: CaptureColumns): Uint8Array[] {
  const rgb = Uint8Array.from(atob(c.rgb), (ch) => ch.charCodeAt(0));
  return c.timesNs.map((_, i) => {
    const out = new Uint8Array(c.rows * 4);
    for (let r = 0; r < c.rows; r++) {
      const s = (i * c.rows + r) * 3;
      out.set([rgb[s] as number, rgb[s + 1] as number, rgb[s + 2] as number, 255], r * 4);
    }
    return out;
  });
}

export class StreamRecorder {
  private captureId: string | null = null;
  private composite: LiveComposite | null = null;
  private status: CaptureStatus = { mode: 'idle', rate: null, deliveredRate: null, recorded: 0, lost: { camera: 0, app: 0, writer: 0 }, elapsedNs: null, error: null };
  private firstNs: bigint | null = null;
  private lastUs = 0;
  private readonly unsubscribe: () => void;

  constructor(private readonly opts: StreamRecorderOptions) {
    this.unsubscribe = rendererApi.subscribe((e) => this.onEvent(e));
    setCaptureControls({ record: () => void this.start(false), stop: () => void this.stop(), arm: () => void this.start(true), disarm: () => void this.stop(), mark: () => void this.mark() });
    this.set({ mode: 'idle' });
  }

  private set(patch: Partial<CaptureStatus>): void {
    this.status = { ...this.status, ...patch };
    if (patch.mode) setRecorderMode(patch.mode);
    this.opts.onStatus(this.status);
  }

  private async start(armed: boolean): Promise<void> {
    if (this.captureId) return;
    this.firstNs = null;
    this.composite = null;
    this.set({ mode: armed ? 'armed' : 'recording', recorded: 0, lost: { camera: 0, app: 0, writer: 0 }, elapsedNs: null, error: null });
    try {
      const started = await rendererApi.api.startStreamCapture({ plan: this.opts.plan(), source: this.opts.source, ...(armed ? { trigger: this.opts.trigger() } : {}) });
      this.captureId = started.captureId;
    } catch (err) {
      this.set({ mode: 'idle', error: messageOf(err) });
    }
  }

  private onEvent(e: ApiEvent): void {
    if (!this.captureId || !('captureId' in e) || e.captureId !== this.captureId) return;
    if (e.type === 'capture-ended') {
      if (e.error) this.set({ error: e.error });
      void this.stop();
      return;
    }
    if (e.type !== 'capture-columns') return;
    const c = e.columns;
    this.composite ??= new LiveComposite(this.opts.canvas, { rows: c.rows, mirror: this.opts.mirror() });
    // Losses first: they were found before the columns of this batch that follow them.
    for (const l of c.losses) this.composite.gap(l.missing);
    const cols = rgbaColumns(c);
    cols.forEach((px, i) => this.composite?.column(px, c.captureUs[i] as number));
    if (c.timesNs.length) {
      const last = BigInt(c.timesNs[c.timesNs.length - 1] as string);
      this.firstNs ??= BigInt(c.timesNs[0] as string);
      this.lastUs = c.captureUs[c.captureUs.length - 1] as number;
      this.status.elapsedNs = last - this.firstNs;
    }
    const camera = c.losses.filter((l) => l.cause === 'camera').reduce((s, l) => s + l.missing, this.status.lost.camera);
    const writer = c.losses.filter((l) => l.cause === 'disk').reduce((s, l) => s + l.missing, this.status.lost.writer);
    const mode = c.trigger === 'armed' ? 'armed' : this.status.mode === 'stopping' ? 'stopping' : 'recording';
    this.set({ mode, rate: c.rate, recorded: c.frames, lost: { camera, app: 0, writer } });
  }

  private async mark(): Promise<void> {
    if (!this.captureId) return;
    this.composite?.mark();
    try {
      await rendererApi.api.markCapture({ captureId: this.captureId, marker: { kind: 'manual', captureUs: this.lastUs } });
    } catch (err) {
      this.set({ error: messageOf(err) });
    }
  }

  private async stop(): Promise<void> {
    const id = this.captureId;
    if (!id || this.status.mode === 'stopping') return;
    this.set({ mode: 'stopping' });
    try {
      const stopped = await rendererApi.api.stopCapture({ captureId: id });
      this.captureId = null;
      this.set({ mode: 'idle' });
      this.opts.onStopped(stopped);
    } catch (err) {
      this.captureId = null;
      this.set({ mode: 'idle', error: messageOf(err) });
      this.opts.onStopped({ error: err });
    }
  }

  close(): void {
    this.unsubscribe();
    setCaptureControls(null);
    if (this.captureId) void rendererApi.api.stopCapture({ captureId: this.captureId }).catch(() => undefined);
  }
}
