/**
 * A sub-frame reading that crosses the line well after the composite shows the body's paint on it misread the front.
 * A mirror-like body shows the road and so differs from it by little more than the noise: the frames' fit finds no
 * front on it and reads the first bright part behind it (a sky-coloured roof band) instead, frames late. The
 * composite still shows the body's rows on the line from its first column. What it shows there decides: a shadow or
 * a reflection ahead of a body (light: the background's own pattern kept, only darker or brighter) shows before the
 * body crosses, and a fit reading the body behind it is right; paint (one colour covering the pattern) is the body,
 * already on the line, and such a reading is not kept as a sub-frame one.
 */
import { type CompositeModel, type Plane } from './composite-objects.js';
import { lightAndPaint } from './lighting.js';

/** Frame intervals after the first column a body's crossing may be read (a faint nose passes a column late). */
const LATE_COLUMNS = 1;
/** Share of the cells on the line before the reading that paint must explain beyond light. */
const PAINT_SHARE = 0.5;
/** Cells at least (fewer say nothing). */
const MIN_CELLS = 12;

/**
 * Whether the composite shows paint over rows top..bottom from `firstColumn` up to (not including) column
 * `readColumn` (a fractional column: where the reading says the body crossed), when that is late.
 */
export function paintBeforeReading(plane: Plane, model: CompositeModel, threshold: ArrayLike<number>, span: { top: number; bottom: number; firstColumn: number }, readColumn: number): boolean {
  if (readColumn <= span.firstColumn + LATE_COLUMNS) return false;
  const W = plane.width;
  const cells: number[] = [];
  const to = Math.min(W, Math.ceil(readColumn) - 1);
  for (let r = Math.max(0, span.top); r <= Math.min(plane.height - 1, span.bottom); r++) {
    for (let c = Math.max(0, span.firstColumn); c < to; c++) if ((model.difference[r * W + c] as number) > (threshold[r] as number)) cells.push(r * W + c);
  }
  if (cells.length < MIN_CELLS) return false;
  const { light, paint } = lightAndPaint(cells, { data: plane.data, width: W, background: model.background, gain: model.gain, threshold });
  return paint - light > PAINT_SHARE * cells.length;
}
