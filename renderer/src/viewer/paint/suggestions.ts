/**
 * Suggested leading edges ("ghosts"): dashed and faint over the whole height, solid only over the rows the detected
 * object spans, with an outlined (never filled) tag beside it, so a ghost cannot be taken for a placed mark (solid
 * line, filled tag). Accepted ghosts are drawn fainter: a real mark now sits on them.
 */
import { columnToScreenX } from '../../../../app/domain/viewport/viewport.js';
import { VIEWER, ghost } from '../colours.js';
import { hairlineX, type SceneView, type ViewerSuggestion } from '../scene.js';
import { drawGhostTag } from './labels.js';

/** Screen pixels a ghost may lie off screen and still be drawn (its bracket caps reach into view). */
const MARGIN = 200;

/** Which way the bracket's caps point: towards earlier times, the side the object comes from. */
const capOf = (scene: SceneView) => (scene.viewport.direction === 'ltr' ? -6 : 6);

/** Screen rows of the detected object. */
function objectRows(scene: SceneView, rows: number, s: ViewerSuggestion): { top: number; bottom: number } {
  const rowH = scene.imageHeight / Math.max(1, rows);
  return { top: Math.max(0, s.rows[0] * rowH), bottom: Math.min(scene.imageHeight, (s.rows[1] + 1) * rowH) };
}

export function drawSuggestionLine(ctx: CanvasRenderingContext2D, scene: SceneView, rows: number, s: ViewerSuggestion): void {
  const x = hairlineX(columnToScreenX(scene.viewport, s.column));
  if (x < -MARGIN || x > scene.width + MARGIN) return;
  const alpha = s.acceptedFor ? 0.45 : 0.95;
  const { top, bottom } = objectRows(scene, rows, s);
  ctx.save();
  ctx.setLineDash([6, 6]);
  ctx.lineWidth = 1;
  ctx.strokeStyle = ghost(alpha * 0.6);
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, scene.imageHeight);
  ctx.stroke();
  ctx.setLineDash([]);
  // The object's extent: a bracket on the hairline, caps pointing the way time runs before the crossing.
  const cap = capOf(scene);
  ctx.lineWidth = 4;
  ctx.strokeStyle = VIEWER.ghostBracketHalo;
  ctx.beginPath();
  ctx.moveTo(x + cap, top);
  ctx.lineTo(x, top);
  ctx.lineTo(x, bottom);
  ctx.lineTo(x + cap, bottom);
  ctx.stroke();
  ctx.lineWidth = 2;
  ctx.strokeStyle = ghost(alpha);
  ctx.stroke();
  ctx.restore();
}

/** The tag sits beside the object's front, on the side before the crossing (background, not the object). */
export function drawSuggestionTag(ctx: CanvasRenderingContext2D, scene: SceneView, rows: number, s: ViewerSuggestion): void {
  const x = hairlineX(columnToScreenX(scene.viewport, s.column));
  if (x < 0 || x > scene.width) return;
  const rowH = scene.imageHeight / Math.max(1, rows);
  const mid = ((s.rows[0] + s.rows[1] + 1) / 2) * rowH;
  const cap = capOf(scene);
  drawGhostTag(ctx, scene, s.label, x + cap * 1.5, mid - 9, cap < 0 ? 'left' : 'right', ghost(s.acceptedFor ? 0.6 : 0.95));
}
