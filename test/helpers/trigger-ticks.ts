/** The F-key trigger marks of a race recorded live, as the workspace and `info --json` show them (capture e2e). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, type E2eApp } from '../e2e/harness.js';
import { runCli } from '../fixtures/cli-capture.js';

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

/**
 * The F presses of a built recording: in `info --json` at their exact camera time on the footage clock (the first
 * frame's capture_us is 0 there), as labelled yellow ticks on the workspace's ruler at their columns, and reached
 * with G, which puts the hairline (and its readout) on each in turn.
 */
export async function expectTriggerTicks(app: E2eApp, out: string, frames: string, presses: { captureUs: number }[]): Promise<void> {
  const { page } = app.browser;
  const firstUs = Number((await readFile(path.join(frames, 'timestamps.csv'), 'utf8')).split('\n')[1]!.split(',')[2]);
  const info = JSON.parse((await runCli(['info', out, '--json'])).out) as { triggers: { time_s: number; column: number | null }[]; columns: number };
  // `_s` fields are seconds as numbers (exact to far below a nanosecond, not to the last binary digit).
  expect(info.triggers).toHaveLength(presses.length);
  info.triggers.forEach((t, i) => expect(t.time_s).toBeCloseTo((presses[i]!.captureUs - firstUs) / 1e6, 9));
  const columns = info.triggers.map((t) => t.column as number);
  for (const c of columns) expect(c).toBeGreaterThan(0);
  await page.keyboard.press('f'); // fit the whole race
  await page.waitForTimeout(100);
  await screenshot(app, 'capture-trigger-ticks');
  for (const c of columns) expect(await triggerPixelsAt(page, c), `trigger tick at column ${c}`).toBeGreaterThan(30);
  // Away from both marks the ruler has none of their colour.
  const away = columns[0]! > info.columns / 2 ? 1 : info.columns - 2;
  expect(await triggerPixelsAt(page, away)).toBe(0);
  // G from wherever the hairline is: one mark, then the other, then round to the first again; Shift+G goes back.
  const readout = page.getByTestId('hairline-readout');
  const reached: number[] = [];
  for (const key of ['g', 'g', 'g', 'Shift+G']) {
    const before = await readout.getAttribute('data-milli-column');
    await page.keyboard.press(key);
    await expect.poll(() => readout.getAttribute('data-milli-column')).not.toBe(before);
    const at = Number(await readout.getAttribute('data-milli-column')) / 1000;
    const nearest = columns.reduce((a, b) => (Math.abs(b - at) < Math.abs(a - at) ? b : a));
    expect(Math.abs(nearest - at), `hairline after ${key} at column ${at}`).toBeLessThan(0.5);
    reached.push(nearest);
  }
  expect(new Set(reached.slice(0, 2)).size).toBe(2);
  expect(reached[2]).toBe(reached[0]);
  expect(reached[3]).toBe(reached[1]);
  expect(await readout.textContent()).toMatch(/^\d+\.\d+ s \(footage clock/);
}
