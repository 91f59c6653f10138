/**
 * The overlay layer, repainted whenever the view, the race or the pointer changes: gaps at the bottom, then
 * suggestions, marks, the suggestions' tags (over the marks' hairlines, so a mark crossing a ghost never hides its
 * time), the ruler with the trigger marks on it and, on top, the pointer's hairline.
 */
import { RULER_HEIGHT, type InteractiveScene } from '../scene.js';
import { drawGaps } from './gaps.js';
import { drawMarks } from './marks.js';
import { drawPointer } from './pointer.js';
import { drawRuler } from './ruler.js';
import { drawSuggestionLine, drawSuggestionTag } from './suggestions.js';
import { drawTriggers } from './triggers.js';

export function renderInteractiveScene(ctx: CanvasRenderingContext2D, scene: InteractiveScene): void {
  ctx.setTransform(scene.dpr, 0, 0, scene.dpr, 0, 0);
  ctx.clearRect(0, 0, scene.width, scene.imageHeight + RULER_HEIGHT);
  const d = scene.data;
  if (!d || d.times.length === 0) return;
  drawGaps(ctx, scene, d);
  for (const s of d.suggestions) drawSuggestionLine(ctx, scene, d.rows, s);
  drawMarks(ctx, scene, d.marks);
  for (const s of d.suggestions) drawSuggestionTag(ctx, scene, d.rows, s);
  drawRuler(ctx, scene, d.times);
  drawTriggers(ctx, scene, d.triggers);
  if (scene.pointer) drawPointer(ctx, scene, scene.pointer);
}
