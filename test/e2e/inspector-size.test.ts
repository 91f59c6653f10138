/**
 * Issue 22 item 8, in real Chromium on the demo race: the source-frame panel keeps its size. Before, the panel's
 * content took the size of what it showed (the hint, the frame at its own aspect, an error line), so the caption
 * and the panel's scroll jumped as the official stepped through frames. Now the frame sits letterboxed in a stage of
 * fixed size, and the hint, the loading state and a frame that cannot be shown take that same stage.
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { aimAt, openWorkspace, rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e inspector-size skipped: ${skip}`);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The panel, its stage and how tall its content is (a content taller than the panel scrolls). */
async function measure(page: Page): Promise<{ panel: Box; stage: Box; content: number }> {
  const panel = page.locator('section.inspector');
  const stage = panel.getByTestId('inspector-stage');
  const content = await panel.evaluate((el) => (el as unknown as { scrollHeight: number }).scrollHeight);
  return { panel: (await panel.boundingBox())!, stage: (await stage.boundingBox())!, content };
}

async function inspectColumn(page: Page, column: number): Promise<void> {
  const at = await aimAt(page, column, 1 / 3);
  await page.mouse.move(at.x, at.y);
  await page.keyboard.press('v');
}

describe.skipIf(skip !== null)('the source-frame panel keeps its size (demo race)', () => {
  let app: E2eApp;
  let frames: string;

  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'dark' });
    const demo = await app.running.service.openDemoRace({});
    frames = demo.evidence.source.path;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is the same box for the hint, a frame, the next frame and a frame that cannot be shown', async () => {
    const page = await openWorkspace(app);
    const caption = page.locator('section.inspector figcaption');
    const hint = await measure(page);
    await screenshot(app, '../r22-left/inspector-hint');

    await inspectColumn(page, 150);
    await expect.poll(() => caption.innerText(), { timeout: 10_000 }).toMatch(/^Frame 150 /);
    const first = await measure(page);
    await screenshot(app, '../r22-left/inspector-frame');

    await page.getByRole('button', { name: 'Next frame' }).click();
    await expect.poll(() => caption.innerText(), { timeout: 10_000 }).toMatch(/^Frame 151 /);
    const next = await measure(page);

    // A frame file gone from the footage folder: the service says so, in the same stage.
    await rename(path.join(frames, 'frame_00200.jpg'), path.join(frames, 'frame_00200.jpg.moved'));
    await inspectColumn(page, 200);
    const error = page.locator('section.inspector').getByTestId('inspector-error');
    await error.waitFor({ timeout: 10_000 });
    expect(await error.innerText()).toMatch(/source frame not found/);
    const missing = await measure(page);
    await screenshot(app, '../r22-left/inspector-missing');

    for (const [name, m] of Object.entries({ first, next, missing })) {
      expect(m.panel, `panel, ${name}`).toEqual(hint.panel);
      expect(m.stage, `stage, ${name}`).toEqual(hint.stage);
      // Nothing below the stage grows either: the panel's content is as tall as it was with the hint.
      expect(m.content, `content height, ${name}`).toBe(hint.content);
    }
    // The frame is letterboxed inside the stage, never larger than it.
    const img = (await page.locator('section.inspector img').boundingBox().catch(() => null)) ?? null;
    if (img) {
      expect(img.width).toBeLessThanOrEqual(hint.stage.width + 0.5);
      expect(img.height).toBeLessThanOrEqual(hint.stage.height + 0.5);
    }
    // The one 404 is the service's answer for the moved frame; nothing else went wrong in the page.
    expect(app.browser.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  }, 120_000);
});
