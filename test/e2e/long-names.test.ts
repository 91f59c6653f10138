/**
 * Names of every length and script in the workspace: a 200-character name without spaces ends in "…" in the start
 * list and the results table (whole in the title), the panels do not grow wider than the window, and Arabic and
 * Chinese names show as themselves. Screenshot: test-artifacts/screenshots/workspace-long-names.png.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import type { ExportFixture } from '../helpers/export-fixture.js';
import { LONG_NAME, makeNamedStoreRace, SCRIPT_NAMES } from '../helpers/script-names.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e long-names skipped: ${skip}`);

const NAMES: Record<string, string> = { ...SCRIPT_NAMES, '7': LONG_NAME };

interface Box {
  scrollWidth: number;
  clientWidth: number;
}

describe.skipIf(skip !== null)('workspace: names of every length and script', () => {
  let app: E2eApp;
  let fx: ExportFixture;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pf-e2e-names-'));
    ({ fx } = await makeNamedStoreRace(dataDir, NAMES));
    app = await startE2eApp({ dataDir, colorScheme: 'light', startup: { kind: 'race', path: fx.dir } });
  });
  afterAll(async () => {
    await app?.close();
    await fx?.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('cuts a 200-character name with "…" in the start list and the results, whole in the title, inside the window', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    const row = page.locator('[data-testid="results-table"] tr[data-competitor="7"] .name');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getAttribute('title')).toBe(LONG_NAME);
    expect(await row.innerText()).toBe(LONG_NAME);
    const cut = (await row.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }))) as Box;
    expect(cut.scrollWidth).toBeGreaterThan(cut.clientWidth);
    const listed = page.locator('#competitor-7 .name');
    expect(await listed.getAttribute('title')).toContain(LONG_NAME);
    const listBox = (await listed.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }))) as Box;
    expect(listBox.scrollWidth).toBeGreaterThan(listBox.clientWidth);
    // Nothing on the page is pushed wider than the window.
    const pageBox = (await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: Box } }).document.documentElement;
      return { scrollWidth: d.scrollWidth, clientWidth: d.clientWidth };
    })) as Box;
    expect(pageBox.scrollWidth).toBeLessThanOrEqual(pageBox.clientWidth);
    for (const id of ['12', '3']) expect(await page.locator(`[data-testid="results-table"] tr[data-competitor="${id}"] .name`).innerText()).toBe(NAMES[id]);
    expect(await page.locator('#competitor-21 .name').innerText()).toBe(NAMES['21']);
    await screenshot(app, 'workspace-long-names');
    // The export fixture has no tile pyramid: the viewer's tile requests are the only failures allowed.
    expect(errors.filter((e) => !e.includes('404 (Not Found)'))).toEqual([]);
  });
});
