/**
 * Dropped frames: an orange band where the time between two columns jumps (a gap before column 0 or after the last
 * sits on the picture's leading or trailing edge), with ticks at the picture's top and bottom edges so a gap is found
 * even at whole-race zoom, and its length where there is room to name it.
 */
import { formatSeconds } from '../../../../app/domain/viewport/readout.js';
import { columnToScreenX, visibleColumns } from '../../../../app/domain/viewport/viewport.js';
import { VIEWER } from '../colours.js';
import type { SceneView, ViewerData } from '../scene.js';
import { drawTag } from './labels.js';

const TICK = 5;
/** Screen pixels per column from which a gap's length is written on it. */
const NAMED_FROM_SCALE = 2;

export function drawGaps(ctx: CanvasRenderingContext2D, scene: SceneView, data: Pick<ViewerData, 'gaps' | 'decimals'>): void {
  const { viewport: vp, imageHeight: h } = scene;
  const { first, last } = visibleColumns(vp);
  for (const g of data.gaps) {
    if (g.afterColumn + 1 < first || g.afterColumn > last) continue;
    const a = columnToScreenX(vp, g.afterColumn);
    const b = columnToScreenX(vp, g.afterColumn + 1);
    const mid = (a + b) / 2;
    const w = Math.max(4, Math.abs(b - a) * 0.8);
    ctx.fillStyle = VIEWER.gapShade;
    ctx.fillRect(mid - w / 2, 0, w, h);
    ctx.fillStyle = VIEWER.gapTick;
    ctx.fillRect(mid - w / 2, 0, w, TICK);
    ctx.fillRect(mid - w / 2, h - TICK, w, TICK);
    if (vp.scale >= NAMED_FROM_SCALE) {
      const gapNs = BigInt(g.toNs) - BigInt(g.fromNs);
      drawTag(ctx, scene.width, `gap ${formatSeconds(gapNs, data.decimals)} s`, mid, h - 48, VIEWER.gapTick, VIEWER.gapInk);
    }
  }
}
