/**
 * The photo-finish image growing while the race finishes: each recorded frame's line pixels become one column,
 * drawn at the next animation frame (imperative, outside React, like the workspace's viewer). Lost frames appear
 * as red columns the moment they are known (as many as were lost, up to a few), F-key marks as a yellow column.
 * It grows rightwards (leftwards when `mirror`, matching a race shown mirrored) and scrolls once the screen is full.
 * The whole recording is on disk; this is what fits on screen.
 */
import type { CaptureView } from './capture-engine.js';

const MAX_GAP_COLUMNS = 12;
const GAP_RGBA = [230, 40, 40, 255];
const MARK_RGBA = [242, 194, 0, 255];
const BACKGROUND = '#101216';

type Pending = { kind: 'column'; pixels: Uint8Array; us: number } | { kind: 'gap'; frames: number } | { kind: 'mark' };

export interface LiveCompositeOptions {
  /** Composite rows (samples along the finish line). */
  rows: number;
  mirror: boolean;
  /** Called after each paint with the camera times of the columns it put on screen (benchmarks and tests). */
  onPainted?(us: number[], at: number): void;
}

/**
 * Each column is fitted to the canvas's height once, as it arrives, and put beside the last: a paint costs the new
 * columns (and, once the canvas is full, one unscaled copy of it to scroll), never a redraw of the whole image.
 */
export class LiveComposite implements CaptureView {
  private pending: Pending[] = [];
  /** Canvas columns drawn so far (up to the canvas width). */
  private x = 0;
  private frame = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly opts: LiveCompositeOptions,
  ) {
    this.reset();
  }

  reset(): void {
    this.pending = [];
    this.x = 0;
    this.fit();
    const ctx = this.ctx();
    if (ctx) {
      ctx.fillStyle = BACKGROUND;
      ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    }
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

  dispose(): void {
    cancelAnimationFrame(this.frame);
  }

  private ctx(): CanvasRenderingContext2D | null {
    return this.canvas.getContext('2d', { alpha: false });
  }

  /** One canvas pixel per screen pixel; a canvas whose size changes starts over (its pixels are cleared anyway). */
  private fit(): boolean {
    const w = Math.max(1, Math.round(this.canvas.clientWidth || this.canvas.width));
    const h = Math.max(1, Math.round(this.canvas.clientHeight || this.canvas.height));
    if (this.canvas.width === w && this.canvas.height === h) return false;
    this.canvas.width = w;
    this.canvas.height = h;
    this.x = 0;
    return true;
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.paint());
  }

  private paint(): void {
    this.frame = 0;
    const batch = this.pending;
    this.pending = [];
    const ctx = this.ctx();
    if (!ctx) return;
    if (this.fit()) {
      ctx.fillStyle = BACKGROUND;
      ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    }
    const w = this.canvas.width;
    const h = this.canvas.height;
    const widthOf = (p: Pending) => (p.kind === 'gap' ? Math.min(p.frames, MAX_GAP_COLUMNS) : 1);
    let count = batch.reduce((n, p) => n + widthOf(p), 0);
    // A burst wider than the canvas (a pre-trigger buffer, a hidden tab): only its newest columns can show.
    let skip = Math.max(0, count - w);
    count -= skip;
    if (count === 0) return;
    const image = ctx.createImageData(count, h);
    const rows = this.opts.rows;
    const shown: number[] = [];
    let c = 0;
    for (const p of batch) {
      for (let k = 0; k < widthOf(p); k++) {
        if (skip > 0) {
          skip--;
          continue;
        }
        // Columns run left to right in time; mirrored, right to left.
        const col = this.opts.mirror ? count - 1 - c : c;
        for (let y = 0; y < h; y++) {
          const at = (y * count + col) * 4;
          if (p.kind === 'column') image.data.set(p.pixels.subarray(Math.floor(((y + 0.5) * rows) / h) * 4, Math.floor(((y + 0.5) * rows) / h) * 4 + 4), at);
          else image.data.set(p.kind === 'gap' ? GAP_RGBA : MARK_RGBA, at);
        }
        if (p.kind === 'column') shown.push(p.us);
        c++;
      }
    }
    const overflow = Math.max(0, this.x + count - w);
    if (overflow > 0) {
      // Scroll what is there by the overflow: one copy of the canvas onto itself, not a redraw.
      if (this.opts.mirror) ctx.drawImage(this.canvas, 0, 0, w - overflow, h, overflow, 0, w - overflow, h);
      else ctx.drawImage(this.canvas, overflow, 0, w - overflow, h, 0, 0, w - overflow, h);
      this.x -= overflow;
    }
    ctx.putImageData(image, this.opts.mirror ? w - this.x - count : this.x, 0);
    this.x += count;
    if (shown.length && this.opts.onPainted) this.opts.onPainted(shown, performance.now());
  }
}
