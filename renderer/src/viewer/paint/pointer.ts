/** The hairline under the pointer, with the time it reads in a tag near the bottom of the picture. */
import { VIEWER } from '../colours.js';
import type { PointerReadout, SceneView } from '../scene.js';
import { drawHaloedLine, drawTag } from './labels.js';

export function drawPointer(ctx: CanvasRenderingContext2D, scene: SceneView, pointer: PointerReadout): void {
  drawHaloedLine(ctx, pointer.x, scene.imageHeight, { width: 1, colour: VIEWER.pointer }, { width: 3, colour: VIEWER.pointerHalo });
  drawTag(ctx, scene.width, pointer.time, pointer.x, scene.imageHeight - 24, VIEWER.pointer, VIEWER.pointerInk);
}
