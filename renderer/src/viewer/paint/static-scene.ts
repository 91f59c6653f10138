/**
 * The tile layer: the composite's decoded tiles, mirrored when time runs right to left, over a dark background,
 * with a neutral band outside the race so its ends are obvious. Which tiles to draw is the tile policy's decision
 * (tile-policy.ts); this only paints them.
 */
import { tileScreenSpan } from '../../../../app/domain/viewport/tiles.js';
import { columnToScreenX } from '../../../../app/domain/viewport/viewport.js';
import { VIEWER } from '../colours.js';
import type { PlacedTile, SceneView, StaticScene } from '../scene.js';

export function renderStaticScene(ctx: CanvasRenderingContext2D, scene: StaticScene): void {
  const { width, imageHeight: h, viewport: vp } = scene;
  ctx.setTransform(scene.dpr, 0, 0, scene.dpr, 0, 0);
  ctx.fillStyle = VIEWER.background;
  ctx.fillRect(0, 0, width, h);
  if (scene.columns === null) return;
  // Smooth only when shrinking; magnified columns stay crisp blocks (an official splits them by eye).
  ctx.imageSmoothingEnabled = vp.scale * scene.dpr < 1;
  ctx.imageSmoothingQuality = 'medium';
  for (const t of scene.tiles) drawTile(ctx, scene, t);
  const startX = columnToScreenX(vp, -0.5);
  const endX = columnToScreenX(vp, scene.columns - 0.5);
  const lo = Math.min(startX, endX);
  const hi = Math.max(startX, endX);
  ctx.fillStyle = VIEWER.outsideRace;
  if (lo > 0) ctx.fillRect(0, 0, lo, h);
  if (hi < width) ctx.fillRect(hi, 0, width - hi, h);
}

/** Draws the visible part of one tile, clipped in source pixels (a tile may be far wider than the screen). */
function drawTile(ctx: CanvasRenderingContext2D, scene: SceneView, { tile, bitmap }: PlacedTile): void {
  const span = tileScreenSpan(scene.viewport, tile);
  const vx0 = Math.max(span.x, 0);
  const vx1 = Math.min(span.x + span.width, scene.width);
  if (vx1 <= vx0) return;
  // The whole bitmap spans the tile's columns (the last pixel of a level's last tile may cover fewer columns).
  const srcPerScreen = bitmap.width / span.width;
  if (scene.viewport.direction === 'ltr') {
    const u0 = (vx0 - span.x) * srcPerScreen;
    const u1 = (vx1 - span.x) * srcPerScreen;
    ctx.drawImage(bitmap, u0, 0, u1 - u0, bitmap.height, vx0, 0, vx1 - vx0, scene.imageHeight);
  } else {
    const u0 = (span.x + span.width - vx1) * srcPerScreen;
    const u1 = (span.x + span.width - vx0) * srcPerScreen;
    ctx.save();
    ctx.translate(vx0 + vx1, 0);
    ctx.scale(-1, 1);
    ctx.drawImage(bitmap, u0, 0, u1 - u0, bitmap.height, vx0, 0, vx1 - vx0, scene.imageHeight);
    ctx.restore();
  }
}
