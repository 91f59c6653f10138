/** Driving the capture screen in Chromium (e2e tests and bench:capture): open it, wait for the camera, read its probe. */
import type { Page } from 'playwright-core';

/** From the start screen (browser mode) to a running camera with its rate measured. */
export async function openCaptureScreen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('open-camera').check();
  await page.getByTestId('set-up-camera').click();
  await page.getByTestId('capture-screen').waitFor();
  await page.getByTestId('measured-rate').filter({ hasText: /measured \d+(\.\d+)? frames\/s/ }).waitFor({ timeout: 60_000 });
}

export interface ProbeReading {
  painted: { us: number; at: number }[];
  status: { mode: string; rate: number | null; deliveredRate: number | null; recorded: number; lost: { camera: number; app: number; writer: number }; error: string | null };
}

/** What the page's recorder says (renderer/src/capture/recorder.ts, `window.__photofinishCapture`). */
export function readProbe(page: Page): Promise<ProbeReading> {
  return page.evaluate(() => {
    const p = (globalThis as unknown as { __photofinishCapture: { painted: { us: number; at: number }[]; status(): Record<string, unknown> } }).__photofinishCapture;
    const { elapsedNs: _elapsed, ...status } = p.status();
    return { painted: p.painted, status } as unknown as ProbeReading;
  });
}

export const totalLost = (p: ProbeReading): number => p.status.lost.camera + p.status.lost.app + p.status.lost.writer;

/** Columns of the live image painted whole in the gap red (230, 40, 40) or the F-mark yellow (242, 194, 0). */
export function liveMarkColumns(page: Page): Promise<{ red: number; yellow: number }> {
  return page.evaluate(() => {
    type Canvas = { width: number; height: number; getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
    const canvas = (globalThis as unknown as { document: { querySelector(s: string): Canvas } }).document.querySelector('[data-testid="live-composite"]');
    const ctx = canvas.getContext('2d');
    const top = ctx.getImageData(0, 1, canvas.width, 1).data;
    const bottom = ctx.getImageData(0, canvas.height - 2, canvas.width, 1).data;
    const is = (d: Uint8ClampedArray, x: number, rgb: number[]) => d[x * 4] === rgb[0] && d[x * 4 + 1] === rgb[1] && d[x * 4 + 2] === rgb[2];
    let red = 0;
    let yellow = 0;
    for (let x = 0; x < canvas.width; x++) {
      if (is(top, x, [230, 40, 40]) && is(bottom, x, [230, 40, 40])) red++;
      if (is(top, x, [242, 194, 0]) && is(bottom, x, [242, 194, 0])) yellow++;
    }
    return { red, yellow };
  });
}
