/** The time ruler under the picture: ticks at round times, labelled with as many decimals as the step needs. */
import type { Ticks } from '../../../../app/domain/time/ticks.js';
import { formatSeconds } from '../../../../app/domain/viewport/readout.js';
import { rulerTicks } from '../../../../app/domain/viewport/ruler.js';
import { VIEWER } from '../colours.js';
import { RULER_HEIGHT, hairlineX, type SceneView } from '../scene.js';

export function drawRuler(ctx: CanvasRenderingContext2D, scene: SceneView, times: readonly Ticks[]): void {
  const y0 = scene.imageHeight;
  ctx.fillStyle = VIEWER.rulerBackground;
  ctx.fillRect(0, y0, scene.width, RULER_HEIGHT);
  const r = rulerTicks(scene.viewport, times);
  if (r.stepNs === 0n) return;
  const decimals = decimalsOfStep(r.stepNs);
  ctx.strokeStyle = VIEWER.rulerInk;
  ctx.fillStyle = VIEWER.rulerInk;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const tick of r.ticks) {
    const x = hairlineX(tick.screenX);
    ctx.moveTo(x, y0);
    ctx.lineTo(x, y0 + (tick.major ? 10 : 5));
  }
  ctx.stroke();
  ctx.textAlign = 'left';
  for (const tick of r.ticks) {
    if (!tick.major) continue;
    const text = `${formatSeconds(tick.timeNs, decimals)} s`;
    const w = ctx.measureText(text).width;
    // Keep edge labels whole rather than cut by the viewer's border.
    const x = Math.min(Math.max(tick.screenX - w / 2, 2), scene.width - w - 2);
    ctx.fillText(text, x, y0 + 13);
  }
}

/** Decimals a ruler label needs for its step (2 s → 0, 5 ms → 3, 0.2 ms → 4). */
export function decimalsOfStep(step: Ticks): number {
  let d = 0;
  let unit = 1_000_000_000n;
  while (d < 9 && step % unit !== 0n) {
    d++;
    unit /= 10n;
  }
  return d;
}
