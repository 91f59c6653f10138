/**
 * Sizes the two layers to the viewer's box at the screen's device pixel ratio (so lines are crisp): the tile layer
 * covers the picture, the overlay the picture and the ruler under it.
 */
import { RULER_HEIGHT } from './scene.js';

export interface CanvasSize {
  width: number;
  imageHeight: number;
  dpr: number;
}

export function sizeCanvases(container: HTMLElement, tileCanvas: HTMLCanvasElement, overlayCanvas: HTMLCanvasElement): CanvasSize {
  const rect = container.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.floor(rect.width));
  const height = Math.max(RULER_HEIGHT + 10, Math.floor(rect.height));
  const imageHeight = height - RULER_HEIGHT;
  for (const [canvas, h] of [
    [tileCanvas, imageHeight],
    [overlayCanvas, height],
  ] as const) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(h * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${h}px`;
  }
  return { width, imageHeight, dpr };
}
