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
