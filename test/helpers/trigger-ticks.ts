/** Reading the workspace's ruler in Chromium: how many pixels of the trigger marks' yellow stand at a column. */
import type { Page } from 'playwright-core';

interface PageCanvas {
  width: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
interface PageWindow {
  document: { querySelectorAll(sel: string): PageCanvas[] };
  __photofinishViewer: { screenXOfColumn(c: number): number; debugState(): { imageHeight: number; viewport: { width: number } } };
}

/** Overlay pixels of the trigger colour (#ffd60a) within 3 screen px of the column's x, in the ruler under the picture. */
export function triggerPixelsAt(page: Page, column: number): Promise<number> {
  return page.evaluate((c) => {
    const w = globalThis as unknown as PageWindow;
    const v = w.__photofinishViewer;
    const overlay = w.document.querySelectorAll('[data-testid="composite"] canvas')[1]!;
    const state = v.debugState();
    const dpr = overlay.width / state.viewport.width;
    const x = Math.round((v.screenXOfColumn(c) - 3) * dpr);
    const d = overlay.getContext('2d').getImageData(x, Math.round(state.imageHeight * dpr), Math.round(7 * dpr), Math.round(30 * dpr)).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 200 && d[i]! > 230 && d[i + 1]! > 190 && d[i + 1]! < 235 && d[i + 2]! < 60) n++;
    return n;
  }, column);
}
