/**
 * Dropped frames: an orange band where the time between two columns jumps (a gap before column 0 or after the last
 * sits on the picture's leading or trailing edge), with ticks at the picture's top and bottom edges so a gap is found
 * even at whole-race zoom, and its length where there is room to name it. Gaps too close to name one by one share
 * a label (gap-labels.ts), joined to their bands by a bracket; every band is still drawn.
 */
import { columnToScreenX, visibleColumns } from '../../../../app/domain/viewport/viewport.js';
import { VIEWER } from '../colours.js';
import { layoutGapLabels, type GapAt } from '../gap-labels.js';
import type { SceneView, ViewerData } from '../scene.js';
import { drawTag, tagSpan } from './labels.js';

const TICK = 5;
/** Screen pixels per column from which a gap's length is written on it. */
const NAMED_FROM_SCALE = 2;
/** Top of the gap labels, above the picture's bottom edge. */
const LABEL_RISE = 48;
const TAG_HEIGHT = 18;

export function drawGaps(ctx: CanvasRenderingContext2D, scene: SceneView, data: Pick<ViewerData, 'gaps' | 'decimals'>): void {
  const { viewport: vp, imageHeight: h } = scene;
  const { first, last } = visibleColumns(vp);
  const named: GapAt[] = [];
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
    named.push({ x: mid, fromNs: BigInt(g.fromNs), toNs: BigInt(g.toNs) });
  }
  if (vp.scale < NAMED_FROM_SCALE) return;
  const top = h - LABEL_RISE;
  for (const label of layoutGapLabels(named, (text, x) => tagSpan(ctx, scene.width, text, x), data.decimals)) {
    if (label.count > 1) {
      // A bracket under the shared label from its first gap to its last: which bands it names.
      const y = top + TAG_HEIGHT + 3;
      ctx.fillStyle = VIEWER.gapTick;
      ctx.fillRect(label.from, y, Math.max(1, label.to - label.from), 2);
      ctx.fillRect(label.from - 1, y, 2, 8);
      ctx.fillRect(label.to - 1, y, 2, 8);
    }
    drawTag(ctx, scene.width, label.text, label.x, top, VIEWER.gapTick, VIEWER.gapInk);
  }
}
