/**
 * Issue 22 item 8, in real Chromium on its fake camera at a 1366×768 laptop screen: the capture screen shows Record
 * and the finish-line editor together, without scrolling, so the official sets the line while the Record button is
 * in view. Before, the live image sat between them and the line editor began below the fold. The buttons'
 * accessible names are their words only ("Record", not "● Record").
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeScene, writeFakeCameraFile } from '../helpers/fake-camera.js';
import { chromiumMissing, fakeCameraArgs } from '../helpers/browser.js';
import { openCaptureScreen } from '../helpers/capture-screen.js';
import { rendererMissing, repoRoot, startE2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e capture-fits skipped: ${skip}`);

const VIEWPORT = { width: 1366, height: 768 };
const ARTIFACTS = path.join(repoRoot, 'test-artifacts/r22-left');
/** Glyphs that decorate a button or a status and mean nothing read aloud. */
const DECORATIVE = /[●■▶◀►◄▲▼◆★✓✔✕✖⏺⏹←]/u;

let tmp: string;
let y4m: string;
beforeAll(async () => {
  if (skip) return;
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-e2e-capture-fits-'));
  y4m = path.join(tmp, 'camera.y4m');
  // A 16:9 webcam picture, the usual shape.
  await writeFakeCameraFile(fakeScene({ width: 640, height: 360, fps: 30, seconds: 4 }), y4m);
  await mkdir(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The element's box lies whole inside the viewport as it stands (nothing scrolled). */
async function expectInView(what: string, el: Locator): Promise<void> {
  const box = await el.boundingBox();
  expect(box, `${what} is on screen`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect({ what, left: x >= 0, top: y >= 0, right: x + width <= VIEWPORT.width, bottom: y + height <= VIEWPORT.height }, JSON.stringify(box)).toEqual({ what, left: true, top: true, right: true, bottom: true });
}

async function scrolled(page: Page): Promise<number> {
  return page.evaluate(() => {
    const d = (globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number } | null; scrollingElement: { scrollTop: number } } }).document;
    return (d.querySelector('[data-testid="capture-screen"]')?.scrollTop ?? 0) + d.scrollingElement.scrollTop;
  });
}

describe.skipIf(skip)('the capture screen at 1366×768', () => {
  it('shows Record and the whole line editor together without scrolling, named without glyphs', async () => {
    const app = await startE2eApp({ chromiumArgs: fakeCameraArgs(y4m), ...VIEWPORT });
    try {
      const { page } = app.browser;
      await openCaptureScreen(page, app.bridge.url);
      await page.getByTestId('line-editor').waitFor();
      // Where to save is suggested (the capture folder): Record is ready without touching the form.
      await expect.poll(() => page.getByRole('button', { name: 'Record', exact: true }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS, 'capture-1366x768.png') });

      expect(await scrolled(page)).toBe(0);
      const record = page.getByRole('button', { name: 'Record', exact: true });
      await expectInView('Record', record);
      await expectInView('the line editor', page.locator('.line-editor'));
      await expectInView('the line editor’s first end', page.getByTestId('line-end-1'));
      await expectInView('the line editor’s second end', page.getByTestId('line-end-2'));

      // What a screen reader hears on this screen: no decorative glyph in any name or status (an option's arrow
      // says which way time runs on screen: meaning, not decoration).
      const decorated = (snapshot: string) => snapshot.split('\n').filter((l) => !/^\s*- option /.test(l) && DECORATIVE.test(l));
      const names = await page.getByTestId('capture-screen').ariaSnapshot();
      expect(decorated(names)).toEqual([]);
      expect(names).toMatch(/button "Record"/);

      // Recording: Stop stands where Record stood, named "Stop", and the running status reads without its dot.
      await record.click();
      await page.getByTestId('capture-status').filter({ hasText: /Recording/ }).waitFor({ timeout: 20_000 });
      const stop = page.getByRole('button', { name: 'Stop', exact: true });
      await expectInView('Stop', stop);
      await expectInView('the line editor while recording', page.locator('.line-editor'));
      await page.screenshot({ path: path.join(ARTIFACTS, 'capture-1366x768-recording.png') });
      const recordingNames = await page.getByTestId('capture-screen').ariaSnapshot();
      expect(decorated(recordingNames)).toEqual([]);
      expect(recordingNames).toMatch(/Recording \d/);
      await stop.click();
      // Stop builds the race and opens it: wait for that, so nothing is left writing when the app closes.
      await page.getByTestId('composite').waitFor({ timeout: 60_000 });
    } finally {
      await app.close();
    }
  }, 180_000);
});
