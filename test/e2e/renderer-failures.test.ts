/**
 * A failure in the page reaches the log file a support desk reads (the page has no log of its own): an uncaught
 * error and an unhandled rejection in the renderer are written by the Node side's log with their stacks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLog, LOG_FILE_NAME, logFolder, openLog } from '../../app/runtime/log.js';
import { chromiumMissing } from '../helpers/browser.js';
import { rendererMissing, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e renderer-failures skipped: ${skip}`);

describe.skipIf(skip !== null)('renderer failures in the log', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp({ colorScheme: 'light' });
    openLog({ dataDir: app.dataDir, face: 'e2e' });
  });
  afterAll(async () => {
    closeLog();
    await app?.close();
  });

  it('writes an uncaught error and an unhandled rejection of the page, with their stacks', async () => {
    const { page } = app.browser;
    await page.goto(app.bridge.url);
    await page.getByTestId('start-screen').waitFor();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('uncaught in the page for the test');
      }, 0);
      void Promise.reject(new Error('rejected in the page for the test'));
    });
    const logFile = path.join(logFolder(app.dataDir), LOG_FILE_NAME);
    const lines = async () => (await readFile(logFile, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    await expect.poll(async () => (await lines()).filter((l) => String(l.msg).startsWith('renderer failure:')).length, { timeout: 10_000 }).toBe(2);
    const failures = (await lines()).filter((l) => String(l.msg).startsWith('renderer failure:'));
    const byKind = Object.fromEntries(failures.map((l) => [(l.renderer as { kind: string }).kind, l.renderer as { message: string; stack?: string }]));
    expect(byKind.error?.message).toBe('Error: uncaught in the page for the test');
    expect(byKind.unhandledrejection?.message).toBe('Error: rejected in the page for the test');
    expect(byKind.error?.stack).toContain('uncaught in the page for the test');
    // The page still works: the failure was reported, not fatal.
    await page.getByTestId('start-screen').waitFor();
  });
});
