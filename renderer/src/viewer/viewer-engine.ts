/**
 * The composite viewer, drawn imperatively outside React's render (as Excalidraw does): a static layer of tiles and
 * an interactive overlay (gaps, suggestions, marks, the pointer hairline, the time ruler) on two viewport-sized
 * canvases. Chromium draws nothing on canvases wider than 65,535 px, so the race is never one canvas: only the tiles
 * in view are drawn, at the coarsest level that keeps every screen pixel's detail.
 */
import type { Ticks } from '../../../app/domain/time/ticks.js';
import { clampMilliColumn, timeAtMilliColumn } from '../../../app/domain/time/column-time.js';
import { formatSeconds } from '../../../app/domain/viewport/readout.js';
import { rulerTicks } from '../../../app/domain/viewport/ruler.js';
import { chooseLevel, tileScreenSpan, visibleTiles, type TileLevelInfo } from '../../../app/domain/viewport/tiles.js';
import {
  centreOn,
  clampViewport,
  columnToScreenX,
  fitViewport,
  panBy,
  screenXToColumn,
  screenXToMilliColumn,
  visibleColumns,
  withDirection,
  withWidth,
  zoomAbout,
  zoomToScale,
  type Direction,
  type Viewport,
} from '../../../app/domain/viewport/viewport.js';
import { TileCache, type TileFetcher } from './tile-cache.js';

export const RULER_HEIGHT = 30;

export interface ViewerMark {
  competitorId: string;
  label: string;
  colour: string;
  /** Fractional composite column. */
  column: number;
  selected: boolean;
}

export interface ViewerSuggestion {
  index: number;
  /** Fractional composite column of the suggested crossing. */
  column: number;
  /** "S1 0.20135 s ±14 µs", or "S1 → #5" once accepted. */
  label: string;
  /** Composite rows the detected object spans (top, bottom). */
  rows: readonly [number, number];
  /** The competitor it was accepted for; drawn fainter, since a real mark now sits on it. */
  acceptedFor: string | null;
}

export interface ViewerData {
  raceId: string;
  columns: number;
  rows: number;
  times: readonly Ticks[];
  tileWidth: number;
  levels: readonly TileLevelInfo[];
  direction: Direction;
  gaps: readonly { afterColumn: number; fromNs: string; toNs: string }[];
  marks: readonly ViewerMark[];
  suggestions: readonly ViewerSuggestion[];
  /** Decimals of hairline readouts (the evidence's resolution). */
  decimals: number;
}

export interface ViewerCallbacks {
  fetchTile: (raceId: string, level: number, index: number) => Promise<Blob>;
  /** A click (not a drag) on the composite, at a column quantised to 0.1 (thousandths). */
  onClick(milliColumn: number, screenX: number): void;
  /** The hairline moved (null: pointer left the composite). */
  onHover?(milliColumn: number | null): void;
  /** First tile pixels drawn after setData for a new race. */
  onFirstPixels?(): void;
}

interface Perf {
  enabled: boolean;
}
/** The benchmark sets `window.__PF_PERF__ = true` to get performance.measure entries per frame. */
const perf = (): Perf => ({ enabled: (globalThis as { __PF_PERF__?: boolean }).__PF_PERF__ === true });

export class ViewerEngine {
  private data: ViewerData | null = null;
  private vp: Viewport = { columns: 1, width: 1, scale: 1, left: 0, direction: 'ltr' };
  private cache: TileCache | null = null;
  private width = 1;
  private imageHeight = 1;
  private dpr = 1;
  private hoverX: number | null = null;
  private hoverEventTime = 0;
  private frame = 0;
  private tilesDirty = true;
  private overlayDirty = true;
  private drag: { startX: number; lastX: number; moved: boolean; pointerId: number } | null = null;
  private firstPixelsFor: string | null = null;
  private readonly resize: ResizeObserver;
  private readonly tileCtx: CanvasRenderingContext2D;
  private readonly overlayCtx: CanvasRenderingContext2D;
  private readonly detach: () => void;

  constructor(
    private readonly container: HTMLElement,
    private readonly tileCanvas: HTMLCanvasElement,
    private readonly overlayCanvas: HTMLCanvasElement,
    private readonly readout: HTMLElement,
    private readonly callbacks: ViewerCallbacks,
  ) {
    this.tileCtx = tileCanvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D;
    this.overlayCtx = overlayCanvas.getContext('2d') as CanvasRenderingContext2D;
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(container);
    this.detach = this.attachPointer();
    this.measure();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.resize.disconnect();
    this.detach();
    this.cache?.dispose();
  }

  /** New race data (marks, suggestions, direction...). Keeps the view unless the race itself changed. */
  setData(data: ViewerData): void {
    const newRace = !this.data || this.data.raceId !== data.raceId || this.data.columns !== data.columns;
    const prevDirection = this.data?.direction;
    this.data = data;
    if (newRace) {
      this.cache?.dispose();
      const fetchTile: TileFetcher = (level, index) => this.callbacks.fetchTile(data.raceId, level, index);
      this.cache = new TileCache(fetchTile, () => {
        this.tilesDirty = true;
        this.schedule();
      });
      this.vp = fitViewport(data.columns, this.width, data.direction);
      this.firstPixelsFor = data.raceId;
      this.container.dataset.state = 'loading';
    } else if (prevDirection !== data.direction) {
      this.vp = withDirection(this.vp, data.direction);
    }
    this.tilesDirty = true;
    this.overlayDirty = true;
    this.schedule();
  }

  get viewport(): Viewport {
    return this.vp;
  }

  /** Column under the hairline (thousandths), or the view's centre when the pointer is elsewhere. */
  get cursorMilliColumn(): number {
    return screenXToMilliColumn(this.vp, this.hoverX ?? this.width / 2);
  }

  zoomBy(factor: number, screenX?: number): void {
    this.setViewport(zoomAbout(this.vp, screenX ?? this.hoverX ?? this.width / 2, factor));
  }

  zoomToScale(scale: number, screenX?: number): void {
    this.setViewport(zoomToScale(this.vp, screenX ?? this.hoverX ?? this.width / 2, scale));
  }

  /** Pans by a fraction of the viewer's width (negative: towards the start of the display). */
  panScreens(fraction: number): void {
    this.setViewport(panBy(this.vp, fraction * this.width));
  }

  panPixels(dx: number): void {
    this.setViewport(panBy(this.vp, dx));
  }

  fit(): void {
    if (this.data) this.setViewport(fitViewport(this.data.columns, this.width, this.data.direction));
  }

  centreOn(column: number): void {
    this.setViewport(centreOn(this.vp, column));
  }

  /** Moves the hairline by whole screen pixels (keyboard reading without a mouse). */
  moveHairline(dxScreen: number): void {
    const x = Math.min(this.width - 1, Math.max(0, (this.hoverX ?? this.width / 2) + dxScreen));
    this.hoverX = x;
    this.hoverEventTime = performance.now();
    this.overlayDirty = true;
    this.schedule();
    this.callbacks.onHover?.(screenXToMilliColumn(this.vp, x));
  }

  screenXOfColumn(column: number): number {
    return columnToScreenX(this.vp, column);
  }

  private setViewport(vp: Viewport): void {
    this.vp = vp;
    this.tilesDirty = true;
    this.overlayDirty = true;
    this.schedule();
    if (this.hoverX !== null) this.callbacks.onHover?.(screenXToMilliColumn(this.vp, this.hoverX));
  }

  private measure(): void {
    const rect = this.container.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
    this.width = Math.max(1, Math.floor(rect.width));
    const height = Math.max(RULER_HEIGHT + 10, Math.floor(rect.height));
    this.imageHeight = height - RULER_HEIGHT;
    for (const [canvas, h] of [
      [this.tileCanvas, this.imageHeight],
      [this.overlayCanvas, height],
    ] as const) {
      canvas.width = Math.round(this.width * this.dpr);
      canvas.height = Math.round(h * this.dpr);
      canvas.style.width = `${this.width}px`;
      canvas.style.height = `${h}px`;
    }
    this.vp = this.data ? withWidth(this.vp, this.width) : this.vp;
    this.tilesDirty = true;
    this.overlayDirty = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const t0 = performance.now();
    const p = perf();
    if (this.tilesDirty) {
      this.tilesDirty = false;
      this.drawTiles();
    }
    if (this.overlayDirty) {
      this.overlayDirty = false;
      this.drawOverlay();
    }
    if (p.enabled) {
      performance.measure('pf-draw', { start: t0, end: performance.now() });
      if (this.hoverEventTime) performance.measure('pf-readout', { start: this.hoverEventTime, end: performance.now() });
    }
    this.hoverEventTime = 0;
  }

  private drawTiles(): void {
    const ctx = this.tileCtx;
    const d = this.data;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = '#111';
    ctx.fillRect(0, 0, this.width, this.imageHeight);
    if (!d || !this.cache || d.levels.length === 0) return;
    const level = chooseLevel(d.levels, this.vp.scale, this.dpr);
    const wanted = visibleTiles(this.vp, level, d.tileWidth);
    const coarsest = d.levels.reduce((a, b) => (b.downsample > a.downsample ? b : a));
    const coarseTiles = level === coarsest ? [] : visibleTiles(this.vp, coarsest, d.tileWidth);
    // Fetch what is in view first, then its neighbours, and keep the whole-race level warm for instant fallback.
    const neighbours = [wanted[0]?.index, wanted[wanted.length - 1]?.index]
      .filter((i): i is number => i !== undefined)
      .flatMap((i) => [i - 1, i + 1])
      .filter((i) => i >= 0 && i < level.tiles)
      .map((index) => ({ level: level.level, index }));
    this.cache.request([...coarseTiles, ...wanted, ...neighbours]);
    ctx.imageSmoothingEnabled = this.vp.scale * this.dpr < 1;
    ctx.imageSmoothingQuality = 'medium';
    let drewAny = false;
    // Coarse layer under the wanted one, so panning into unloaded tiles shows a soft picture, never a hole. When every
    // wanted tile is decoded it would be painted over entirely, and rastering a whole screen of scaled image that
    // nobody sees made the heaviest zoom frames long tasks on a loaded machine, so it is then left out. Canvas draws
    // axis-aligned images without anti-aliasing, so adjacent tiles cover every pixel exactly; only a sliver narrower
    // than a device pixel is anti-aliased (and could let the coarse layer blend through), so then it stays.
    const cache = this.cache;
    const coarseHidden = wanted.length > 0 && wanted.every((t) => cache.has(t.level, t.index) && this.visibleSpan(t) >= 1 / this.dpr);
    for (const t of coarseTiles) {
      if (!coarseHidden) {
        if (this.drawTile(t)) drewAny = true;
      } else cache.get(t.level, t.index); // still marked recently used, so the fallback level stays warm
    }
    let missing = false;
    for (const t of wanted) {
      if (this.drawTile(t)) drewAny = true;
      else if (!this.cache.isFailed(t.level, t.index)) missing = true;
    }
    if (drewAny && !missing && this.firstPixelsFor === d.raceId) {
      this.firstPixelsFor = null;
      if (perf().enabled) performance.mark('pf-first-pixels');
      this.container.dataset.state = 'ready';
      this.callbacks.onFirstPixels?.();
    }
    // Outside the race: a neutral band, so the ends of the race are obvious.
    const startX = columnToScreenX(this.vp, -0.5);
    const endX = columnToScreenX(this.vp, d.columns - 0.5);
    const lo = Math.min(startX, endX);
    const hi = Math.max(startX, endX);
    ctx.fillStyle = '#2a2d33';
    if (lo > 0) ctx.fillRect(0, 0, lo, this.imageHeight);
    if (hi < this.width) ctx.fillRect(hi, 0, this.width - hi, this.imageHeight);
  }

  /** Screen width of the part of a tile inside the viewer (0 when it is off screen). */
  private visibleSpan(t: ReturnType<typeof visibleTiles>[number]): number {
    const span = tileScreenSpan(this.vp, t);
    return Math.max(0, Math.min(span.x + span.width, this.width) - Math.max(span.x, 0));
  }

  /** Draws the visible part of one tile (clipped in source pixels). False if not decoded yet. */
  private drawTile(t: ReturnType<typeof visibleTiles>[number]): boolean {
    const bmp = this.cache?.get(t.level, t.index);
    if (!bmp) return false;
    const ctx = this.tileCtx;
    const span = tileScreenSpan(this.vp, t);
    const vx0 = Math.max(span.x, 0);
    const vx1 = Math.min(span.x + span.width, this.width);
    if (vx1 <= vx0) return true;
    // The whole bitmap spans the tile's columns (the last pixel of a level's last tile may cover fewer columns).
    const srcPerScreen = bmp.width / span.width;
    if (this.vp.direction === 'ltr') {
      const u0 = (vx0 - span.x) * srcPerScreen;
      const u1 = (vx1 - span.x) * srcPerScreen;
      ctx.drawImage(bmp, u0, 0, u1 - u0, bmp.height, vx0, 0, vx1 - vx0, this.imageHeight);
    } else {
      const u0 = (span.x + span.width - vx1) * srcPerScreen;
      const u1 = (span.x + span.width - vx0) * srcPerScreen;
      ctx.save();
      ctx.translate(vx0 + vx1, 0);
      ctx.scale(-1, 1);
      ctx.drawImage(bmp, u0, 0, u1 - u0, bmp.height, vx0, 0, vx1 - vx0, this.imageHeight);
      ctx.restore();
    }
    return true;
  }

  private drawOverlay(): void {
    const ctx = this.overlayCtx;
    const d = this.data;
    const W = this.width;
    const H = this.imageHeight;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, W, H + RULER_HEIGHT);
    if (!d || d.times.length === 0) {
      this.readout.textContent = '';
      return;
    }
    const { first, last } = visibleColumns(this.vp);
    this.drawGaps(first, last);
    d.suggestions.forEach((s) => this.drawSuggestion(s));
    const marks = [...d.marks].sort((a, b) => Number(a.selected) - Number(b.selected));
    marks.forEach((m, i) => this.drawMark(m, i));
    // Ghost labels over the marks' hairlines, so a mark crossing one never makes its time unreadable.
    d.suggestions.forEach((s) => this.drawSuggestionLabel(s));
    this.drawRuler();
    this.drawHairline();
  }

  private drawGaps(first: number, last: number): void {
    const d = this.data as ViewerData;
    const ctx = this.overlayCtx;
    for (const g of d.gaps) {
      if (g.afterColumn + 1 < first || g.afterColumn > last) continue;
      const a = columnToScreenX(this.vp, g.afterColumn);
      const b = columnToScreenX(this.vp, g.afterColumn + 1);
      const mid = (a + b) / 2;
      const w = Math.max(4, Math.abs(b - a) * 0.8);
      ctx.fillStyle = 'rgba(255, 140, 0, 0.28)';
      ctx.fillRect(mid - w / 2, 0, w, this.imageHeight);
      ctx.fillStyle = 'rgba(255, 140, 0, 0.95)';
      ctx.fillRect(mid - w / 2, 0, w, 5);
      ctx.fillRect(mid - w / 2, this.imageHeight - 5, w, 5);
      // Named where there is room for it; at whole-race zoom the orange ticks alone mark where frames are missing.
      if (this.vp.scale >= 2) {
        const gapNs = BigInt(g.toNs) - BigInt(g.fromNs);
        this.label(`gap ${formatSeconds(gapNs, d.decimals)} s`, mid, this.imageHeight - 48, 'rgba(255,140,0,0.95)', '#000');
      }
    }
  }

  /**
   * A ghost hairline: dashed and faint over the whole height, solid only over the rows the detected object spans,
   * with an outlined (never filled) label beside it, so it cannot be taken for a placed mark (solid, filled label).
   */
  private drawSuggestion(s: ViewerSuggestion): void {
    const d = this.data as ViewerData;
    const ctx = this.overlayCtx;
    const x = Math.round(columnToScreenX(this.vp, s.column)) + 0.5;
    if (x < -200 || x > this.width + 200) return;
    const alpha = s.acceptedFor ? 0.45 : 0.95;
    const colour = `rgba(120, 220, 255, ${alpha})`;
    const rowH = this.imageHeight / Math.max(1, d.rows);
    const y0 = Math.max(0, s.rows[0] * rowH);
    const y1 = Math.min(this.imageHeight, (s.rows[1] + 1) * rowH);
    ctx.save();
    ctx.setLineDash([6, 6]);
    ctx.lineWidth = 1;
    ctx.strokeStyle = `rgba(120, 220, 255, ${alpha * 0.6})`;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, this.imageHeight);
    ctx.stroke();
    ctx.setLineDash([]);
    // The object's extent: a bracket on the hairline, caps pointing the way time runs before the crossing.
    const cap = this.vp.direction === 'ltr' ? -6 : 6;
    ctx.lineWidth = 4;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.6)';
    ctx.beginPath();
    ctx.moveTo(x + cap, y0);
    ctx.lineTo(x, y0);
    ctx.lineTo(x, y1);
    ctx.lineTo(x + cap, y1);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.restore();
  }

  /** The label sits beside the object's front, on the side before the crossing (background, not the object). */
  private drawSuggestionLabel(s: ViewerSuggestion): void {
    const d = this.data as ViewerData;
    const x = Math.round(columnToScreenX(this.vp, s.column)) + 0.5;
    if (x < 0 || x > this.width) return;
    const rowH = this.imageHeight / Math.max(1, d.rows);
    const mid = ((s.rows[0] + s.rows[1] + 1) / 2) * rowH;
    const cap = this.vp.direction === 'ltr' ? -6 : 6;
    this.ghostLabel(s.label, x + cap * 1.5, mid - 9, cap < 0 ? 'left' : 'right', `rgba(120, 220, 255, ${s.acceptedFor ? 0.6 : 0.95})`);
  }

  /** An outlined label whose `side` edge touches `x` (or as near as the viewer's edge allows). */
  private ghostLabel(text: string, x: number, y: number, side: 'left' | 'right', colour: string): void {
    const ctx = this.overlayCtx;
    ctx.font = '600 12px system-ui, sans-serif';
    const w = ctx.measureText(text).width + 10;
    let lx = side === 'left' ? x - w : x;
    lx = Math.min(Math.max(lx, 2), this.width - w - 2);
    const ly = Math.min(Math.max(y, 2), this.imageHeight - 20);
    ctx.fillStyle = 'rgba(0, 20, 30, 0.78)';
    ctx.fillRect(lx, ly, w, 18);
    ctx.save();
    ctx.setLineDash([3, 2]);
    ctx.lineWidth = 1;
    ctx.strokeStyle = colour;
    ctx.strokeRect(lx + 0.5, ly + 0.5, w - 1, 17);
    ctx.restore();
    ctx.fillStyle = colour;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, lx + 5, ly + 9.5);
  }

  private drawMark(m: ViewerMark, order: number): void {
    const ctx = this.overlayCtx;
    const x = Math.round(columnToScreenX(this.vp, m.column)) + 0.5;
    if (x < -80 || x > this.width + 80) return;
    // Dark halo first so a colour hairline stays visible on any part of the picture.
    ctx.lineWidth = m.selected ? 5 : 3.5;
    ctx.strokeStyle = 'rgba(0,0,0,0.7)';
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, this.imageHeight);
    ctx.stroke();
    ctx.lineWidth = m.selected ? 2.5 : 1.5;
    ctx.strokeStyle = m.colour;
    ctx.stroke();
    // Labels stagger vertically so close marks stay readable.
    const y = 4 + (order % 3) * 20;
    this.label(m.label, x, y, m.colour, pickInk(m.colour), m.selected);
  }

  private drawHairline(): void {
    const d = this.data as ViewerData;
    const ctx = this.overlayCtx;
    if (this.hoverX === null) {
      this.readout.textContent = 'Move the pointer over the composite to read a time.';
      return;
    }
    const milli = screenXToMilliColumn(this.vp, this.hoverX);
    const x = Math.round(columnToScreenX(this.vp, milli / 1000)) + 0.5;
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(0,0,0,0.55)';
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, this.imageHeight);
    ctx.stroke();
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    const t = timeAtMilliColumn(d.times, clampMilliColumn(d.times, milli));
    const text = `${formatSeconds(t, d.decimals)} s`;
    this.label(text, x, this.imageHeight - 24, '#ffffff', '#000000');
    this.readout.textContent = `${text}  ·  column ${(milli / 1000).toFixed(1)}`;
    this.readout.dataset.milliColumn = String(milli);
    this.readout.dataset.timeNs = t.toString();
  }

  private drawRuler(): void {
    const d = this.data as ViewerData;
    const ctx = this.overlayCtx;
    const y0 = this.imageHeight;
    // The viewer stays dark in both themes (pictures are judged against a neutral dark surround).
    ctx.fillStyle = '#1c1f24';
    ctx.fillRect(0, y0, this.width, RULER_HEIGHT);
    const ink = '#e6e6e6';
    const r = rulerTicks(this.vp, d.times);
    if (r.stepNs === 0n) return;
    const decimals = decimalsOfStep(r.stepNs);
    ctx.strokeStyle = ink;
    ctx.fillStyle = ink;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'top';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const tick of r.ticks) {
      const x = Math.round(tick.screenX) + 0.5;
      ctx.moveTo(x, y0);
      ctx.lineTo(x, y0 + (tick.major ? 10 : 5));
    }
    ctx.stroke();
    ctx.textAlign = 'left';
    for (const tick of r.ticks) {
      if (!tick.major) continue;
      const text = `${formatSeconds(tick.timeNs, decimals)} s`;
      const w = ctx.measureText(text).width;
      // Keep edge labels whole rather than cut by the viewer's border.
      const x = Math.min(Math.max(tick.screenX - w / 2, 2), this.width - w - 2);
      ctx.fillText(text, x, y0 + 13);
    }
  }

  private label(text: string, x: number, y: number, bg: string, fg: string, bold = false): void {
    const ctx = this.overlayCtx;
    ctx.font = `${bold ? '700 ' : '600 '}12px system-ui, sans-serif`;
    const w = ctx.measureText(text).width + 10;
    let lx = x - w / 2;
    lx = Math.min(Math.max(lx, 2), this.width - w - 2);
    ctx.fillStyle = bg;
    ctx.fillRect(lx, y, w, 18);
    if (bold) {
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 2;
      ctx.strokeRect(lx, y, w, 18);
    }
    ctx.fillStyle = fg;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, lx + 5, y + 9.5);
  }

  private attachPointer(): () => void {
    const el = this.overlayCanvas;
    const onMove = (e: PointerEvent) => {
      const x = e.offsetX;
      if (this.drag && e.pointerId === this.drag.pointerId) {
        if (Math.abs(x - this.drag.startX) > 4) this.drag.moved = true;
        if (this.drag.moved) {
          // Dragging moves the picture with the pointer.
          this.vp = panBy(this.vp, this.drag.lastX - x);
          this.tilesDirty = true;
        }
        this.drag.lastX = x;
      }
      this.hoverX = e.offsetY <= this.imageHeight ? x : this.hoverX;
      this.hoverEventTime = e.timeStamp;
      this.overlayDirty = true;
      this.schedule();
      this.callbacks.onHover?.(this.hoverX === null ? null : screenXToMilliColumn(this.vp, this.hoverX));
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0) return;
      el.setPointerCapture(e.pointerId);
      this.drag = { startX: e.offsetX, lastX: e.offsetX, moved: false, pointerId: e.pointerId };
    };
    const onUp = (e: PointerEvent) => {
      const drag = this.drag;
      this.drag = null;
      if (!drag || drag.pointerId !== e.pointerId) return;
      if (!drag.moved && e.offsetY <= this.imageHeight) this.callbacks.onClick(screenXToMilliColumn(this.vp, e.offsetX), e.offsetX);
    };
    const onLeave = () => {
      if (this.drag) return;
      this.hoverX = null;
      this.overlayDirty = true;
      this.schedule();
      this.callbacks.onHover?.(null);
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const horizontal = Math.abs(e.deltaX) > Math.abs(e.deltaY) || e.shiftKey;
      if (horizontal) {
        this.setViewport(panBy(this.vp, e.shiftKey ? e.deltaY || e.deltaX : e.deltaX));
      } else {
        const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1;
        this.setViewport(zoomAbout(this.vp, e.offsetX, Math.exp((-e.deltaY * unit) / 300)));
      }
    };
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    el.addEventListener('pointerleave', onLeave);
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
      el.removeEventListener('pointerleave', onLeave);
      el.removeEventListener('wheel', onWheel);
    };
  }

  /** For tests and the benchmark: where a column is on screen, and what the tile cache holds. */
  debugState(): { viewport: Viewport; tiles: { tiles: number; megabytes: number; failed: number }; imageHeight: number } {
    return { viewport: clampViewport(this.vp), tiles: this.cache?.stats ?? { tiles: 0, megabytes: 0, failed: 0 }, imageHeight: this.imageHeight };
  }

  screenXToColumn(x: number): number {
    return screenXToColumn(this.vp, x);
  }
}

/** Decimals a ruler label needs for its step (2 s → 0, 5 ms → 3, 0.2 ms → 4). */
function decimalsOfStep(step: Ticks): number {
  let d = 0;
  let unit = 1_000_000_000n;
  while (d < 9 && step % unit !== 0n) {
    d++;
    unit /= 10n;
  }
  return d;
}

/** Black or white text on a colour, whichever reads better. */
export function pickInk(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#000';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h as string, 16) / 255) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.5 ? '#000000' : '#ffffff';
}
