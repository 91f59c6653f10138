/** Text tags on the overlay: filled for placed marks and readouts, outlined for suggestions. */
import { VIEWER } from '../colours.js';

const HEIGHT = 18;
const PADDING = 5;

/** Where a filled tag would stand: its left and right screen x (centred on `x`, kept whole inside the viewer). */
export function tagSpan(ctx: CanvasRenderingContext2D, viewerWidth: number, text: string, x: number, bold = false): [number, number] {
  ctx.font = `${bold ? '700 ' : '600 '}12px system-ui, sans-serif`;
  const w = ctx.measureText(text).width + 2 * PADDING;
  const lx = Math.min(Math.max(x - w / 2, 2), viewerWidth - w - 2);
  return [lx, lx + w];
}

/** A filled tag centred on `x` (kept whole inside the viewer), top at `y`; bold with an outline when selected. */
export function drawTag(ctx: CanvasRenderingContext2D, viewerWidth: number, text: string, x: number, y: number, background: string, ink: string, bold = false): void {
  ctx.font = `${bold ? '700 ' : '600 '}12px system-ui, sans-serif`;
  const w = ctx.measureText(text).width + 2 * PADDING;
  const lx = Math.min(Math.max(x - w / 2, 2), viewerWidth - w - 2);
  ctx.fillStyle = background;
  ctx.fillRect(lx, y, w, HEIGHT);
  if (bold) {
    ctx.strokeStyle = VIEWER.selectedOutline;
    ctx.lineWidth = 2;
    ctx.strokeRect(lx, y, w, HEIGHT);
  }
  writeText(ctx, text, lx, y, ink);
}

/**
 * An outlined tag (dashed border, dark fill) whose `side` edge touches `x`, as near as the viewer's edges allow:
 * never filled, so it cannot be taken for a placed mark's tag.
 */
export function drawGhostTag(
  ctx: CanvasRenderingContext2D,
  bounds: { width: number; imageHeight: number },
  text: string,
  x: number,
  y: number,
  side: 'left' | 'right',
  colour: string,
): void {
  ctx.font = '600 12px system-ui, sans-serif';
  const w = ctx.measureText(text).width + 2 * PADDING;
  const lx = Math.min(Math.max(side === 'left' ? x - w : x, 2), bounds.width - w - 2);
  const ly = Math.min(Math.max(y, 2), bounds.imageHeight - 20);
  ctx.fillStyle = VIEWER.ghostLabelBackground;
  ctx.fillRect(lx, ly, w, HEIGHT);
  ctx.save();
  ctx.setLineDash([3, 2]);
  ctx.lineWidth = 1;
  ctx.strokeStyle = colour;
  ctx.strokeRect(lx + 0.5, ly + 0.5, w - 1, HEIGHT - 1);
  ctx.restore();
  writeText(ctx, text, lx, ly, colour);
}

function writeText(ctx: CanvasRenderingContext2D, text: string, left: number, top: number, ink: string): void {
  ctx.fillStyle = ink;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + PADDING, top + 9.5);
}

/** A vertical line over the picture's height: a dark halo first, so a light line reads on any part of a photo. */
export function drawHaloedLine(ctx: CanvasRenderingContext2D, x: number, height: number, line: { width: number; colour: string }, halo: { width: number; colour: string }): void {
  ctx.lineWidth = halo.width;
  ctx.strokeStyle = halo.colour;
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, height);
  ctx.stroke();
  ctx.lineWidth = line.width;
  ctx.strokeStyle = line.colour;
  ctx.stroke();
}
