/**
 * What the hairline under the pointer reads, drawn on the overlay and written under the viewer (the one place the
 * viewer writes into the page's DOM, for screen readers and tests).
 */
import { clampMilliColumn, timeAtMilliColumn } from '../../../app/domain/time/column-time.js';
import { formatSeconds } from '../../../app/domain/viewport/readout.js';
import { columnToScreenX, screenXToMilliColumn, type Viewport } from '../../../app/domain/viewport/viewport.js';
import { hairlineX, type InteractiveScene, type PointerReadout, type ViewerData } from './scene.js';

/** The hairline at screen x: snapped to a tenth of a column (what a click would mark), and its time. */
export function pointerReadout(vp: Viewport, data: Pick<ViewerData, 'times' | 'decimals'>, screenX: number): PointerReadout {
  const milliColumn = screenXToMilliColumn(vp, screenX);
  const timeNs = timeAtMilliColumn(data.times, clampMilliColumn(data.times, milliColumn));
  return { x: hairlineX(columnToScreenX(vp, milliColumn / 1000)), milliColumn, timeNs, time: `${formatSeconds(timeNs, data.decimals)} s` };
}

/** The line under the viewer: the time and column at the hairline, or how to get one. */
export function readoutText(scene: Pick<InteractiveScene, 'data' | 'pointer'>): string {
  if (!scene.data || scene.data.times.length === 0) return '';
  if (!scene.pointer) return 'Move the pointer over the composite to read a time.';
  const clock = scene.data.clock === 'footage' ? ' (footage clock: no time zero set)' : scene.data.clock === 'race' ? ' race time' : '';
  return `${scene.pointer.time}${clock}  ·  column ${(scene.pointer.milliColumn / 1000).toFixed(1)}`;
}

/** Writes the readout; the last hairline's column and exact time stay on the element's data attributes. */
export function writeReadout(el: HTMLElement, scene: Pick<InteractiveScene, 'data' | 'pointer'>): void {
  el.textContent = readoutText(scene);
  if (scene.pointer && scene.data && scene.data.times.length > 0) {
    el.dataset.milliColumn = String(scene.pointer.milliColumn);
    el.dataset.timeNs = scene.pointer.timeNs.toString();
  }
}
