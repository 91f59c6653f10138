/**
 * Batches repaints into animation frames: any number of changes between two frames cost one paint of each layer
 * that changed. The static layer (tiles) is repainted only when the view moves or tiles arrive; pointer moves
 * repaint only the overlay.
 */
export type Layer = 'static' | 'interactive';

export interface FrameClock {
  request(callback: () => void): number;
  cancel(handle: number): void;
  now(): number;
}

const browserClock: FrameClock = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (h) => cancelAnimationFrame(h),
  now: () => performance.now(),
};

/** The benchmark sets `window.__PF_PERF__ = true` to get performance entries per frame and at first pixels. */
export const benchmarking = (): boolean => (globalThis as { __PF_PERF__?: boolean }).__PF_PERF__ === true;

export class FrameScheduler {
  private frame = 0;
  private readonly dirty = { static: true, interactive: true };
  /** When the pointer event behind the coming frame happened (0: none), for the readout-latency measure. */
  private pointerEventAt = 0;

  constructor(
    private readonly paint: (layers: { static: boolean; interactive: boolean }) => void,
    private readonly clock: FrameClock = browserClock,
  ) {}

  /** Marks layers for repaint in the next frame (both when none is named). */
  invalidate(...layers: Layer[]): void {
    for (const l of layers.length ? layers : (['static', 'interactive'] as const)) this.dirty[l] = true;
    if (this.frame) return;
    this.frame = this.clock.request(() => {
      this.frame = 0;
      this.run();
    });
  }

  /** The overlay follows a pointer event (its time stamp, to measure event → readout latency). */
  pointerMoved(eventTime: number): void {
    this.pointerEventAt = eventTime;
    this.invalidate('interactive');
  }

  dispose(): void {
    this.clock.cancel(this.frame);
    this.frame = 0;
  }

  private run(): void {
    const t0 = this.clock.now();
    const layers = { ...this.dirty };
    this.dirty.static = false;
    this.dirty.interactive = false;
    this.paint(layers);
    if (benchmarking()) {
      performance.measure('pf-draw', { start: t0, end: this.clock.now() });
      if (this.pointerEventAt) performance.measure('pf-readout', { start: this.pointerEventAt, end: this.clock.now() });
    }
    this.pointerEventAt = 0;
  }
}
