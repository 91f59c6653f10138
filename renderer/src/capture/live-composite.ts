/**
 * The photo-finish image growing while the race finishes: each recorded frame's line pixels become one column,
 * drawn at the next animation frame (imperative, outside React, like the workspace's viewer). Lost frames appear
 * as red columns the moment they are known (as many as were lost, up to a few), F-key marks as a yellow hairline.
 * It grows rightwards (leftwards when `mirror`, matching a race shown mirrored) and scrolls once the screen is full.
 */
import type { CaptureView } from './capture-engine.js';

/** Columns kept for display; when full, the older half is let go (the whole recording is on disk). */
const STORE_COLUMNS = 8192;
const MAX_GAP_COLUMNS = 12;
const GAP_RGBA = [230, 40, 40, 255];

type Pending = { kind: 'column'; pixels: Uint8Array; us: number } | { kind: 'gap'; frames: number } | { kind: 'mark' };

export interface LiveCompositeOptions {
  /** Composite rows (samples along the finish line). */
  rows: number;
  mirror: boolean;
  /** Called after each paint with the camera times of the columns it put on screen (benchmarks and tests). */
  onPainted?(us: number[], at: number): void;
}

export class LiveComposite implements CaptureView {
  private readonly store: HTMLCanvasElement;
  private readonly storeCtx: CanvasRenderingContext2D;
  private used = 0;
  private pending: Pending[] = [];
  private readonly marks: number[] = [];
  private frame = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly opts: LiveCompositeOptions,
  ) {
    this.store = document.createElement('canvas');
    this.store.width = STORE_COLUMNS;
    this.store.height = opts.rows;
    this.storeCtx = this.store.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
    this.reset();
  }

  reset(): void {
    this.used = 0;
    this.pending = [];
    this.marks.length = 0;
    this.storeCtx.fillStyle = '#101216';
    this.storeCtx.fillRect(0, 0, this.store.width, this.store.height);
    this.schedule();
  }

  column(pixels: Uint8Array, us: number): void {
    this.pending.push({ kind: 'column', pixels, us });
    this.schedule();
  }

  /** Every cause of loss looks the same on screen (the counts by cause are in the status line). */
  gap(frames: number): void {
    this.pending.push({ kind: 'gap', frames });
    this.schedule();
  }

  mark(): void {
    this.pending.push({ kind: 'mark' });
    this.schedule();
  }

  /** Columns drawn so far (gap columns included). */
  get width(): number {
    return this.used;
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.paint());
  }

  private paint(): void {
    this.frame = 0;
    const batch = this.pending;
    this.pending = [];
    const shown: number[] = [];
    const columns = batch.reduce((n, p) => n + (p.kind === 'column' ? 1 : p.kind === 'gap' ? Math.min(p.frames, MAX_GAP_COLUMNS) : 0), 0);
    if (this.used + columns > STORE_COLUMNS) this.shift(Math.max(STORE_COLUMNS / 2, this.used + columns - STORE_COLUMNS));
    if (columns > 0) {
      // One ImageData for the whole batch: a put per animation frame, not per column.
      const rows = this.opts.rows;
      const image = this.storeCtx.createImageData(columns, rows);
      let x = 0;
      for (const p of batch) {
        if (p.kind === 'column') {
          for (let y = 0; y < rows; y++) image.data.set(p.pixels.subarray(y * 4, y * 4 + 4), (y * columns + x) * 4);
          shown.push(p.us);
          x++;
        } else if (p.kind === 'gap') {
          for (let k = 0; k < Math.min(p.frames, MAX_GAP_COLUMNS); k++, x++) {
            for (let y = 0; y < rows; y++) image.data.set(GAP_RGBA, (y * columns + x) * 4);
          }
        } else this.marks.push(this.used + x);
      }
      this.storeCtx.putImageData(image, this.used, 0);
      this.used += columns;
    } else for (const p of batch) if (p.kind === 'mark') this.marks.push(this.used);
    this.draw();
    if (shown.length && this.opts.onPainted) this.opts.onPainted(shown, performance.now());
  }

  private shift(by: number): void {
    const keep = Math.max(0, this.used - by);
    this.storeCtx.drawImage(this.store, this.used - keep, 0, keep, this.store.height, 0, 0, keep, this.store.height);
    this.used = keep;
    for (let i = 0; i < this.marks.length; i++) this.marks[i] = (this.marks[i] as number) - by;
  }

  /** One screen pixel per column, growing from the left until the canvas is full, then scrolling; rows fitted. */
  private draw(): void {
    // One canvas pixel per screen pixel, whatever size the page gives the canvas.
    const cw = Math.max(1, Math.round(this.canvas.clientWidth || this.canvas.width));
    const ch = Math.max(1, Math.round(this.canvas.clientHeight || this.canvas.height));
    if (this.canvas.width !== cw) this.canvas.width = cw;
    if (this.canvas.height !== ch) this.canvas.height = ch;
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) return;
    const w = cw;
    const h = ch;
    ctx.fillStyle = '#101216';
    ctx.fillRect(0, 0, w, h);
    const visible = Math.min(this.used, w);
    const from = this.used - visible;
    ctx.imageSmoothingEnabled = true;
    ctx.save();
    if (this.opts.mirror) {
      ctx.translate(w, 0);
      ctx.scale(-1, 1);
    }
    ctx.drawImage(this.store, from, 0, visible, this.store.height, 0, 0, visible, h);
    ctx.fillStyle = '#f2c200';
    for (const m of this.marks) if (m >= from) ctx.fillRect(m - from, 0, 1, h);
    ctx.restore();
  }
}
