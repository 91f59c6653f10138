/**
 * Issue 22 item 5, in real Chromium through the bridge: outputs one click away. After an export, each file of the
 * race's exports/ has Download (browser mode): the bridge sends it with the session's token as an attachment, and
 * nothing outside exports/ can be had that way; the sheet has Print (the PDF in a tab of its own, asked to print).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp, openWorkspace } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e outputs skipped: ${skip}`);

describe.skipIf(skip !== null)('outputs one click away (browser mode)', () => {
  let app: E2eApp;
  let raceId: string;
  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'dark' });
    raceId = (await app.running.service.openDemoRace({})).raceId;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('downloads each exported file and prints the sheet', async () => {
    const { page, errors } = app.browser;
    await openWorkspace(app);
    await page.getByTestId('export').click();
    const dialog = page.getByTestId('export-dialog');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByTestId('export-result').waitFor({ timeout: 60_000 });
    const rows = dialog.getByTestId('export-result').locator('tbody tr');
    // The demo race has no event number, so its .lif is not written (said in the dialog); the other four are.
    expect(await rows.count()).toBe(4);
    expect(await dialog.getByTestId('download').count()).toBe(4);
    expect(await dialog.getByTestId('export-skipped').innerText()).toContain('not written');
    await screenshot(app, '../i22-raceday/export-actions');

    // Download the CSV: the browser saves the file under its own name, with the bytes on disk.
    const csvPath = (await rows.filter({ hasText: 'Results (CSV)' }).locator('code').first().innerText()).trim();
    const name = path.basename(csvPath);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: `Download ${name}` }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile((await download.path())!, 'utf8')).toBe(await readFile(csvPath, 'utf8'));

    // Print the sheet: it opens in a tab of its own (the browser's PDF viewer), asked to print.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), dialog.getByTestId('print').click()]);
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();

    // The bridge route itself: the session's token, an attachment, and nothing but exports/.
    const url = (rest: string) => `${app.bridge.origin}/downloads/${raceId}/${rest}`;
    const auth = { Authorization: `Bearer ${app.bridge.token}` };
    expect((await fetch(url(encodeURIComponent(name)))).status).toBe(401);
    const ok = await fetch(url(encodeURIComponent(name)), { headers: auth });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(Buffer.from(await ok.arrayBuffer()).equals(await readFile(csvPath))).toBe(true);
    for (const outside of ['race.json', '..%2Frace.json', '%2E%2E%2Frace.json', 'evidence%2Fmanifest.json']) {
      expect((await fetch(url(outside), { headers: auth })).status, outside).toBe(404);
    }
    expect(errors).toEqual([]);
  });
});
