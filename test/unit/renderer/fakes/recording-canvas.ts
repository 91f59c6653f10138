/**
 * A 2D canvas context that records what is drawn instead of rasterising it, so painters can be checked in Node:
 * each stroke with its path and the pen it was drawn with, each filled rectangle and text with its colour.
 * Text is measured as 6 px per character.
 */
export type Point = [number, number];

export interface Pen {
  strokeStyle: string;
  fillStyle: string;
  lineWidth: number;
  lineDash: number[];
  font: string;
  /** Horizontal mirror in effect (drawn right to left). */
  mirrored: boolean;
}

export interface Stroke {
  kind: 'stroke';
  /** Subpaths, each a list of points. */
  path: Point[][];
  pen: Pen;
}
export interface Rect {
  kind: 'fillRect' | 'strokeRect' | 'clearRect';
  x: number;
  y: number;
  w: number;
  h: number;
  pen: Pen;
}
export interface DrawnText {
  kind: 'text';
  text: string;
  x: number;
  y: number;
  pen: Pen;
}
export interface DrawnImage {
  kind: 'image';
  image: unknown;
  src: [number, number, number, number];
  dst: [number, number, number, number];
  pen: Pen;
  smoothing: boolean;
}
export type Drawn = Stroke | Rect | DrawnText | DrawnImage;

export const CHAR_WIDTH = 6;

export class RecordingCanvas {
  readonly drawn: Drawn[] = [];
  strokeStyle = '#000';
  fillStyle = '#000';
  lineWidth = 1;
  font = '10px sans-serif';
  textAlign = 'start';
  textBaseline = 'alphabetic';
  imageSmoothingEnabled = true;
  imageSmoothingQuality = 'low';
  transform: number[] = [1, 0, 0, 1, 0, 0];
  private lineDash: number[] = [];
  private mirrored = false;
  private path: Point[][] = [];
  private readonly stack: { strokeStyle: string; fillStyle: string; lineWidth: number; lineDash: number[]; mirrored: boolean }[] = [];

  private pen(): Pen {
    return { strokeStyle: this.strokeStyle, fillStyle: this.fillStyle, lineWidth: this.lineWidth, lineDash: [...this.lineDash], font: this.font, mirrored: this.mirrored };
  }

  /** This fake as the painters' parameter type. */
  get ctx(): CanvasRenderingContext2D {
    return this as unknown as CanvasRenderingContext2D;
  }

  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.transform = [a, b, c, d, e, f];
  }
  save(): void {
    this.stack.push({ strokeStyle: this.strokeStyle, fillStyle: this.fillStyle, lineWidth: this.lineWidth, lineDash: this.lineDash, mirrored: this.mirrored });
  }
  restore(): void {
    const s = this.stack.pop();
    if (s) Object.assign(this, s);
  }
  translate(): void {}
  scale(x: number): void {
    if (x < 0) this.mirrored = !this.mirrored;
  }
  setLineDash(dash: number[]): void {
    this.lineDash = [...dash];
  }
  beginPath(): void {
    this.path = [];
  }
  moveTo(x: number, y: number): void {
    this.path.push([[x, y]]);
  }
  lineTo(x: number, y: number): void {
    this.path[this.path.length - 1]?.push([x, y]);
  }
  stroke(): void {
    this.drawn.push({ kind: 'stroke', path: this.path.map((p) => [...p]), pen: this.pen() });
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    this.drawn.push({ kind: 'fillRect', x, y, w, h, pen: this.pen() });
  }
  strokeRect(x: number, y: number, w: number, h: number): void {
    this.drawn.push({ kind: 'strokeRect', x, y, w, h, pen: this.pen() });
  }
  clearRect(x: number, y: number, w: number, h: number): void {
    this.drawn.push({ kind: 'clearRect', x, y, w, h, pen: this.pen() });
  }
  measureText(text: string): { width: number } {
    return { width: text.length * CHAR_WIDTH };
  }
  fillText(text: string, x: number, y: number): void {
    this.drawn.push({ kind: 'text', text, x, y, pen: this.pen() });
  }
  drawImage(image: unknown, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void {
    this.drawn.push({ kind: 'image', image, src: [sx, sy, sw, sh], dst: [dx, dy, dw, dh], pen: this.pen(), smoothing: this.imageSmoothingEnabled });
  }

  strokes(): Stroke[] {
    return this.drawn.filter((d): d is Stroke => d.kind === 'stroke');
  }
  rects(kind: 'fillRect' | 'strokeRect' = 'fillRect'): Rect[] {
    return this.drawn.filter((d): d is Rect => d.kind === kind);
  }
  texts(): DrawnText[] {
    return this.drawn.filter((d): d is DrawnText => d.kind === 'text');
  }
  images(): DrawnImage[] {
    return this.drawn.filter((d): d is DrawnImage => d.kind === 'image');
  }
  /** Vertical strokes over the picture (from y = 0), by the x they stand at. */
  verticalLinesAt(x: number): Stroke[] {
    return this.strokes().filter((s) => s.path.some((seg) => seg.length === 2 && seg[0]![0] === x && seg[1]![0] === x && seg[0]![1] === 0));
  }
}
