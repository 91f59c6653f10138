/**
 * What the viewer's painters draw from: plain data, no canvas, no DOM. The engine builds a scene for each layer
 * on every frame (as Excalidraw does): the static scene (tiles) changes when the view moves or tiles arrive, the
 * interactive scene (overlays) also when the pointer moves.
 */
import type { Ticks } from '../../../app/domain/time/ticks.js';
import type { TileLevelInfo, TileRef } from '../../../app/domain/viewport/tiles.js';
import type { Direction, Viewport } from '../../../app/domain/viewport/viewport.js';

/** Height of the time ruler under the picture, in CSS pixels. */
export const RULER_HEIGHT = 30;

/**
 * Where a line at screen x is stroked: on the centre of the pixel it falls in, so a 1 px line is one crisp pixel
 * wide. Marks, ghosts, the pointer's hairline and ruler ticks all sit on it.
 */
export function hairlineX(screenX: number): number {
  return Math.round(screenX) + 0.5;
}

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

export interface ViewerGap {
  afterColumn: number;
  fromNs: string;
  toNs: string;
}

/** An F-key trigger mark of a race recorded live, drawn on the ruler. */
export interface ViewerTrigger {
  /** "F1", "F2" … */
  label: string;
  /** Fractional composite column. */
  column: number;
}

/** The race as the viewer shows it (set by the React shell whenever the race or the selection changes). */
export interface ViewerData {
  raceId: string;
  columns: number;
  rows: number;
  times: readonly Ticks[];
  tileWidth: number;
  levels: readonly TileLevelInfo[];
  direction: Direction;
  gaps: readonly ViewerGap[];
  marks: readonly ViewerMark[];
  suggestions: readonly ViewerSuggestion[];
  triggers: readonly ViewerTrigger[];
  /** Decimals of hairline readouts (the evidence's resolution). */
  decimals: number;
  /** `times` run from time zero ('race'), or stay on the footage clock while no start is set. */
  clock?: 'race' | 'footage';
}

/** Where the picture is on screen; shared by both layers. */
export interface SceneView {
  viewport: Viewport;
  /** Viewer width and picture height (the ruler is below it), in CSS pixels. */
  width: number;
  imageHeight: number;
  /** Device pixels per CSS pixel. */
  dpr: number;
}

/** A decoded tile and where it belongs. */
export interface PlacedTile {
  tile: TileRef;
  bitmap: ImageBitmap;
}

export interface StaticScene extends SceneView {
  /** Composite columns of the race, or null while there is nothing to draw but the background. */
  columns: number | null;
  /** Decoded tiles, bottom layer first. */
  tiles: readonly PlacedTile[];
}

/** The hairline under the pointer and what it reads. */
export interface PointerReadout {
  /** Screen x of the hairline (on the column's pixel centre, as marks are). */
  x: number;
  milliColumn: number;
  timeNs: Ticks;
  /** "12.3456 s". */
  time: string;
}

export interface InteractiveScene extends SceneView {
  /** The race's overlays, or null while no race (or no times) is loaded. */
  data: ViewerData | null;
  /** Null while the pointer is elsewhere. */
  pointer: PointerReadout | null;
}
