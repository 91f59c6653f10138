/**
 * The F-key trigger marks of a race recorded live: a small yellow tick through the time ruler with its name (F1,
 * F2 …) beside it, drawn over the ruler's own ticks so it is found at any zoom. Evidence, not a mark: it stays on
 * the ruler and never crosses the picture, where it could be taken for a competitor's hairline.
 */
import { columnToScreenX } from '../../../../app/domain/viewport/viewport.js';
import { VIEWER } from '../colours.js';
import { RULER_HEIGHT, hairlineX, type SceneView, type ViewerTrigger } from '../scene.js';

const TAG_HEIGHT = 13;
const PADDING = 3;

export function drawTriggers(ctx: CanvasRenderingContext2D, scene: SceneView, triggers: readonly ViewerTrigger[]): void {
  const y0 = scene.imageHeight;
  ctx.font = '700 10px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const t of triggers) {
    const x = hairlineX(columnToScreenX(scene.viewport, t.column));
    if (x < -40 || x > scene.width + 40) continue;
    ctx.fillStyle = VIEWER.trigger;
    ctx.fillRect(x - 1, y0, 2, RULER_HEIGHT);
    // A wider cap at the picture's edge, so the tick is found among the ruler's own.
    ctx.fillRect(x - 3, y0, 6, 3);
    const w = ctx.measureText(t.label).width + 2 * PADDING;
    // Beside the tick, flipped to its left near the viewer's right edge so it stays whole.
    const lx = x + 2 + w > scene.width ? x - 2 - w : x + 2;
    const ly = y0 + RULER_HEIGHT - TAG_HEIGHT - 1;
    ctx.fillRect(lx, ly, w, TAG_HEIGHT);
    ctx.fillStyle = VIEWER.triggerInk;
    ctx.fillText(t.label, lx + PADDING, ly + TAG_HEIGHT / 2 + 0.5);
  }
}
