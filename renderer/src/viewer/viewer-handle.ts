/**
 * The mounted viewer, for keyboard shortcuts and panels that steer it (zoom, pan, centre on a mark). Also exposed
 * as `window.__photofinishViewer` so end-to-end tests and the benchmark can ask where a column is on screen.
 */
import type { ViewerEngine } from './viewer-engine.js';

let current: ViewerEngine | null = null;

export function setViewer(v: ViewerEngine | null): void {
  current = v;
  (window as unknown as { __photofinishViewer?: ViewerEngine | null }).__photofinishViewer = v;
}

export function viewer(): ViewerEngine | null {
  return current;
}
