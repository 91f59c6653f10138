/** Placed marks: a solid hairline in the competitor's colour (thicker when selected) with a filled tag on top. */
import { columnToScreenX } from '../../../../app/domain/viewport/viewport.js';
import { VIEWER, pickInk } from '../colours.js';
import { hairlineX, type SceneView, type ViewerMark } from '../scene.js';
import { drawHaloedLine, drawTag } from './labels.js';

/** Screen pixels a mark may lie off screen and still be drawn (its tag reaches into view). */
const MARGIN = 80;

/** The selected mark last, so it is on top; tags stagger over three heights so close marks stay readable. */
export function drawMarks(ctx: CanvasRenderingContext2D, scene: SceneView, marks: readonly ViewerMark[]): void {
  const ordered = [...marks].sort((a, b) => Number(a.selected) - Number(b.selected));
  ordered.forEach((m, order) => {
    const x = hairlineX(columnToScreenX(scene.viewport, m.column));
    if (x < -MARGIN || x > scene.width + MARGIN) return;
    drawHaloedLine(ctx, x, scene.imageHeight, { width: m.selected ? 2.5 : 1.5, colour: m.colour }, { width: m.selected ? 5 : 3.5, colour: VIEWER.markHalo });
    drawTag(ctx, scene.width, m.label, x, 4 + (order % 3) * 20, m.colour, pickInk(m.colour), m.selected);
  });
}
