/**
 * Issue 21 item 9 in real Chromium: the address `serve --open` hands a browser carries a one-time launch code. The
 * first tab signs in with it (and keeps its session on reload); the same address in a second browser tab is not
 * signed in, so the address seen in the process list gives nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import path from 'node:path';
import { rendererMissing, screenshotDir, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e launch code skipped: ${skip}`);

describe.skipIf(skip !== null)('a launch code opens the app once', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs in the first tab, survives its reload, and refuses a second tab with the same address', async () => {
    const { page, context } = app.browser;
    const address = app.bridge.launchUrl();
    await page.goto(address);
    await page.getByTestId('race-name').waitFor({ timeout: 120_000 });
    expect(page.url()).toBe(`${app.bridge.origin}/`);
    await page.reload();
    await page.getByTestId('race-name').waitFor({ timeout: 60_000 });

    const second = await context.newPage();
    await second.goto(address);
    await second.getByText(/not signed in/).first().waitFor({ timeout: 60_000 });
    expect(await second.getByTestId('race-name').count()).toBe(0);
    await second.screenshot({ path: path.join(screenshotDir, 'launch-code-second-tab.png') });
    await second.close();
  });
});
