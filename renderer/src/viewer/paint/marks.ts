/** Placed marks: a solid hairline in the competitor's colour (thicker when selected) with a filled tag on top. */
import { columnToScreenX } from '../../../../app/domain/viewport/viewport.js';
import { VIEWER, pickInk } from '../colours.js';
import { hairlineX, type SceneView, type ViewerMark } from '../scene.js';
import { drawHaloedLine, drawTag, tagSpan } from './labels.js';

/** Screen pixels a mark may lie off screen and still be drawn (its tag reaches into view). */
const MARGIN = 80;

/** Vertical step between rows of tags. */
const ROW = 20;
/** Screen pixels kept clear between two tags on one row. */
const GAP = 3;

/**
 * The selected mark last, so it is on top. Tags never overlap: from left to right, each takes the highest row where
 * it clears every tag already there (close marks stack downwards, far ones stay on the top row).
 */
export function drawMarks(ctx: CanvasRenderingContext2D, scene: SceneView, marks: readonly ViewerMark[]): void {
  const shown = marks
    .map((m) => ({ m, x: hairlineX(columnToScreenX(scene.viewport, m.column)) }))
    .filter(({ x }) => x >= -MARGIN && x <= scene.width + MARGIN);
  const rowOf = new Map<ViewerMark, number>();
  const rowEnds: number[] = [];
  for (const { m, x } of [...shown].sort((a, b) => a.x - b.x)) {
    const [left, right] = tagSpan(ctx, scene.width, m.label, x, m.selected);
    let row = rowEnds.findIndex((end) => end + GAP <= left);
    if (row < 0) row = rowEnds.length;
    rowEnds[row] = right;
    rowOf.set(m, row);
  }
  for (const { m, x } of shown.sort((a, b) => Number(a.m.selected) - Number(b.m.selected))) {
    drawHaloedLine(ctx, x, scene.imageHeight, { width: m.selected ? 2.5 : 1.5, colour: m.colour }, { width: m.selected ? 5 : 3.5, colour: VIEWER.markHalo });
    drawTag(ctx, scene.width, m.label, x, 4 + (rowOf.get(m) ?? 0) * ROW, m.colour, pickInk(m.colour), m.selected);
  }
}
