/**
 * Error states a judge meets: a race folder that is not there, footage that cannot be read. The engine's one-line
 * message is shown, never a stack trace, and the app stays usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e errors skipped: ${skip}`);

describe.skipIf(skip !== null)('error states', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp({ colorScheme: 'light' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the engine’s message for a missing race and unreadable footage, without a stack', async () => {
    const { page } = app.browser;
    await page.goto(app.bridge.url);
    await page.getByTestId('start-screen').waitFor();

    await page.getByLabel('Race folder').check();
    await page.getByTestId('open-path').fill('/no/such/race-folder');
    await page.getByRole('button', { name: 'Open race' }).click();
    const alert = page.getByTestId('error');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('/no/such/race-folder');
    expect(text).not.toMatch(/\n\s*at |\.ts:\d+|Error:/);
    await screenshot(app, '12-error-missing-race');
    // Still usable: dismiss and try footage that is not there.
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByTestId('start-screen').waitFor();
    await page.getByLabel('Frames folder').check();
    await page.getByTestId('open-path').fill('/no/such/frames');
    await page.getByRole('button', { name: 'Set up' }).click();
    const setupAlert = page.getByTestId('setup-screen').getByRole('alert');
    await setupAlert.waitFor();
    expect(await setupAlert.innerText()).toContain('/no/such/frames');
    expect(await setupAlert.innerText()).not.toMatch(/\n\s*at |\.ts:\d+/);
    await screenshot(app, '13-error-setup');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('start-screen').waitFor();
  });
});
