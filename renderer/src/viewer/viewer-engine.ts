/**
 * The composite viewer, drawn imperatively outside React's render (as Excalidraw does): two viewport-sized canvases,
 * a static layer of tiles and an interactive overlay. This class only holds the view's state and wires the parts:
 * canvas sizing (canvas-size.ts), frame batching (frame-scheduler.ts), which tiles to fetch and draw
 * (tile-policy.ts, tile-cache.ts), pointer input as intents (pointer-input.ts), the painters (paint/) and the
 * readout under the viewer (pointer-readout.ts).
 */
import {
  centreOn,
  clampViewport,
  columnToScreenX,
  fitViewport,
  panBy,
  screenXToColumn,
  screenXToMilliColumn,
  withDirection,
  withWidth,
  zoomAbout,
  zoomToScale,
  type Viewport,
} from '../../../app/domain/viewport/viewport.js';
import { sizeCanvases } from './canvas-size.js';
import { FrameScheduler, benchmarking } from './frame-scheduler.js';
import { renderInteractiveScene } from './paint/interactive-scene.js';
import { renderStaticScene } from './paint/static-scene.js';
import { attachPointerInput, type ViewerIntent } from './pointer-input.js';
import { pointerReadout, writeReadout } from './pointer-readout.js';
import type { InteractiveScene, SceneView, StaticScene, ViewerData } from './scene.js';
import { TileCache } from './tile-cache.js';
import { drawableTiles, planTiles } from './tile-policy.js';

export type { ViewerData } from './scene.js';

export interface ViewerCallbacks {
  fetchTile: (raceId: string, level: number, index: number) => Promise<Blob>;
  /** A click (not a drag) on the composite, at a column quantised to 0.1 (thousandths). */
  onClick(milliColumn: number, screenX: number): void;
  /** The selected competitor's hairline was dragged to this column (thousandths). */
  onDropMark?(competitorId: string, milliColumn: number): void;
  /** The hairline moved (null: pointer left the composite). */
  onHover?(milliColumn: number | null): void;
  /** First tile pixels drawn after setData for a new race. */
  onFirstPixels?(): void;
}

/** Screen pixels either side of the selected mark's hairline where a press grabs it for dragging. */
const GRAB_PX = 5;

export class ViewerEngine {
  private data: ViewerData | null = null;
  private vp: Viewport = { columns: 1, width: 1, scale: 1, left: 0, direction: 'ltr' };
  private cache: TileCache | null = null;
  private size = { width: 1, imageHeight: 1, dpr: 1 };
  /** Screen x of the hairline (pointer or keyboard), or null. */
  private hoverX: number | null = null;
  private firstPixelsFor: string | null = null;
  private readonly frames: FrameScheduler;
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
    this.frames = new FrameScheduler((layers) => {
      if (layers.static) this.paintStatic();
      if (layers.interactive) this.paintInteractive();
    });
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(container);
    this.detach = attachPointerInput(
      overlayCanvas,
      (y) => y <= this.size.imageHeight,
      (i) => this.apply(i),
      (x) => this.selectedMarkNear(x) !== null,
    );
    this.measure();
  }

  destroy(): void {
    this.frames.dispose();
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
      this.cache = new TileCache(
        (level, index) => this.callbacks.fetchTile(data.raceId, level, index),
        () => this.frames.invalidate('static'),
      );
      this.vp = fitViewport(data.columns, this.size.width, data.direction);
      this.firstPixelsFor = data.raceId;
      this.container.dataset.state = 'loading';
    } else if (prevDirection !== data.direction) {
      this.vp = withDirection(this.vp, data.direction);
    }
    this.frames.invalidate();
  }

  get viewport(): Viewport {
    return this.vp;
  }

  /** Column under the hairline (thousandths), or the view's centre when the pointer is elsewhere. */
  get cursorMilliColumn(): number {
    return screenXToMilliColumn(this.vp, this.hairlineScreenX);
  }

  zoomBy(factor: number, screenX?: number): void {
    this.setViewport(zoomAbout(this.vp, screenX ?? this.hairlineScreenX, factor));
  }

  zoomToScale(scale: number, screenX?: number): void {
    this.setViewport(zoomToScale(this.vp, screenX ?? this.hairlineScreenX, scale));
  }

  /** Pans by a fraction of the viewer's width (negative: towards the start of the display). */
  panScreens(fraction: number): void {
    this.setViewport(panBy(this.vp, fraction * this.size.width));
  }

  panPixels(dx: number): void {
    this.setViewport(panBy(this.vp, dx));
  }

  fit(): void {
    if (this.data) this.setViewport(fitViewport(this.data.columns, this.size.width, this.data.direction));
  }

  centreOn(column: number): void {
    this.setViewport(centreOn(this.vp, column));
  }

  /** Centres the view on a column and puts the hairline on it (its readout then shows the column's time). */
  hairlineTo(column: number): void {
    this.setViewport(centreOn(this.vp, column));
    this.hoverX = Math.min(this.size.width - 1, Math.max(0, columnToScreenX(this.vp, column)));
    this.frames.pointerMoved(performance.now());
    this.callbacks.onHover?.(screenXToMilliColumn(this.vp, this.hoverX));
  }

  /** Moves the hairline by whole screen pixels (keyboard reading without a mouse). */
  moveHairline(dxScreen: number): void {
    this.hoverX = Math.min(this.size.width - 1, Math.max(0, this.hairlineScreenX + dxScreen));
    this.frames.pointerMoved(performance.now());
    this.callbacks.onHover?.(screenXToMilliColumn(this.vp, this.hoverX));
  }

  screenXOfColumn(column: number): number {
    return columnToScreenX(this.vp, column);
  }

  screenXToColumn(x: number): number {
    return screenXToColumn(this.vp, x);
  }

  /** For tests and the benchmark: where a column is on screen, and what the tile cache holds. */
  debugState(): { viewport: Viewport; tiles: { tiles: number; megabytes: number; failed: number }; imageHeight: number } {
    return { viewport: clampViewport(this.vp), tiles: this.cache?.stats ?? { tiles: 0, megabytes: 0, failed: 0 }, imageHeight: this.size.imageHeight };
  }

  private get hairlineScreenX(): number {
    return this.hoverX ?? this.size.width / 2;
  }

  /** The selected competitor's mark when its hairline is within GRAB_PX of screen x (it can be dragged). */
  private selectedMarkNear(x: number): string | null {
    const m = this.data?.marks.find((k) => k.selected);
    return m && Math.abs(columnToScreenX(this.vp, m.column) - x) <= GRAB_PX ? m.competitorId : null;
  }

  /** What pointer and wheel input asks for. */
  private apply(intent: ViewerIntent): void {
    switch (intent.kind) {
      case 'hover':
      case 'hover-ruler':
        if (intent.kind === 'hover') this.hoverX = intent.x;
        this.frames.pointerMoved(intent.at);
        this.callbacks.onHover?.(this.hoverX === null ? null : screenXToMilliColumn(this.vp, this.hoverX));
        return;
      case 'leave':
        this.hoverX = null;
        this.frames.invalidate('interactive');
        this.callbacks.onHover?.(null);
        return;
      case 'drag':
        // The hover that comes with the same pointer move reports the hairline and repaints the overlay.
        this.vp = panBy(this.vp, intent.dx);
        this.frames.invalidate('static');
        return;
      case 'pan':
        return this.setViewport(panBy(this.vp, intent.dx));
      case 'zoom':
        return this.setViewport(zoomAbout(this.vp, intent.x, intent.factor));
      case 'place':
        return this.callbacks.onClick(screenXToMilliColumn(this.vp, intent.x), intent.x);
      case 'drop-mark': {
        const id = this.data?.marks.find((k) => k.selected)?.competitorId;
        if (id) this.callbacks.onDropMark?.(id, screenXToMilliColumn(this.vp, intent.x));
        return;
      }
    }
  }

  private setViewport(vp: Viewport): void {
    this.vp = vp;
    this.frames.invalidate();
    if (this.hoverX !== null) this.callbacks.onHover?.(screenXToMilliColumn(this.vp, this.hoverX));
  }

  private measure(): void {
    this.size = sizeCanvases(this.container, this.tileCanvas, this.overlayCanvas);
    if (this.data) this.vp = withWidth(this.vp, this.size.width);
    this.frames.invalidate();
  }

  private get sceneView(): SceneView {
    return { viewport: this.vp, ...this.size };
  }

  private paintStatic(): void {
    const { scene, complete } = this.staticScene();
    renderStaticScene(this.tileCtx, scene);
    if (complete && this.data && this.firstPixelsFor === this.data.raceId) this.firstPixels();
  }

  /** The tiles to draw now (asking the cache for what is missing), and whether they are all there. */
  private staticScene(): { scene: StaticScene; complete: boolean } {
    const d = this.data;
    const cache = this.cache;
    if (!d || !cache || d.levels.length === 0) return { scene: { ...this.sceneView, columns: null, tiles: [] }, complete: false };
    const plan = planTiles({ ...this.sceneView, levels: d.levels, tileWidth: d.tileWidth }, cache);
    // Fetches start in tasks of their own after this frame (see TileCache.request).
    cache.request(plan.fetch);
    const { tiles, complete } = drawableTiles(plan, cache);
    return { scene: { ...this.sceneView, columns: d.columns, tiles }, complete: complete && tiles.length > 0 };
  }

  private firstPixels(): void {
    this.firstPixelsFor = null;
    if (benchmarking()) performance.mark('pf-first-pixels');
    this.container.dataset.state = 'ready';
    this.callbacks.onFirstPixels?.();
  }

  private paintInteractive(): void {
    const d = this.data;
    const pointer = d && d.times.length > 0 && this.hoverX !== null ? pointerReadout(this.vp, d, this.hoverX) : null;
    const scene: InteractiveScene = { ...this.sceneView, data: d, pointer };
    renderInteractiveScene(this.overlayCtx, scene);
    writeReadout(this.readout, scene);
  }
}
