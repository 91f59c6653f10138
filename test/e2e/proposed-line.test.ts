/**
 * Issue 22 item 6, in real Chromium: a finish line proposed from the footage. Set-up on the real traffic clip
 * (cars driving up and down the frame) proposes a horizontal-ish line near where they cross (the clip's own line is
 * y = 216 of 432), shown as "proposed" on the frame; moving it makes it the official's own. Before, the line always
 * started vertical at mid-width.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { repoRoot, rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const clip = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
const skip = chromiumMissing() ?? rendererMissing() ?? (existsSync(clip) ? null : `${clip} is absent`);
if (skip) console.warn(`e2e proposed-line skipped: ${skip}`);

describe.skipIf(skip !== null)('a finish line proposed from the footage (traffic clip)', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp({ colorScheme: 'dark' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('proposes a horizontal-ish line where the cars cross, marked proposed until moved', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    await page.getByTestId('start-screen').waitFor();
    await page.getByLabel('Video').check();
    await page.getByTestId('open-path').fill(clip);
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByTestId('setup-screen').waitFor();
    await page.getByTestId('line-label').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('line-label').innerText()).toBe('proposed');
    const end = async (which: 1 | 2) => {
      const m = /x (\d+), y (\d+)/.exec((await page.getByTestId(`line-end-${which}`).getAttribute('aria-label')) ?? '')!;
      return { x: Number(m[1]), y: Number(m[2]) };
    };
    const [a, b] = [await end(1), await end(2)];
    const angle = (Math.atan2(Math.abs(b.y - a.y), Math.abs(b.x - a.x)) * 180) / Math.PI;
    expect(angle).toBeLessThan(10);
    expect(Math.abs((a.y + b.y) / 2 - 216)).toBeLessThan(60);
    expect(Math.abs(b.x - a.x)).toBeGreaterThan(700);
    await screenshot(app, '../i22-raceday/setup-proposed-line');

    // Moving it: the line is the official's now.
    await page.getByTestId('line-end-1').focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByTestId('line-label').count()).toBe(0);
    expect((await end(1)).y).toBe(a.y - 1);
    expect(errors).toEqual([]);
  });
});
