/**
 * The export dialog never writes over a file it did not write itself without asking: it names the file and waits
 * for "Replace"; an earlier export of the same race is replaced without a question.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli-capture.js';
import { writeFrames } from '../fixtures/synthetic-frames.js';
import { chromiumMissing } from '../helpers/browser.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e export-replace skipped: ${skip}`);

describe.skipIf(skip !== null)('export dialog: replacing a file', () => {
  let app: E2eApp;
  let tmp: string;
  let race: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-e2e-replace-'));
    process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
    await writeFrames(path.join(tmp, 'frames'), { width: 64, height: 40, frames: 120 });
    race = path.join(tmp, 'heat.race');
    expect((await runCli(['build', path.join(tmp, 'frames'), '--out', race, '--fps', '100', '--name', 'Heat 4'])).code).toBe(0);
    app = await startE2eApp({ colorScheme: 'light', startup: { kind: 'race', path: race } });
  });
  afterAll(async () => {
    await app?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('asks, naming the file, before writing over a file that is not an export of this race', async () => {
    const foreign = path.join(race, 'exports', 'heat-4-r1-provisional.pdf');
    await mkdir(path.dirname(foreign), { recursive: true });
    await writeFile(foreign, 'the steward kept his own notes here');
    const { page } = app.browser;
    await page.goto(app.bridge.url);
    await page.getByTestId('export').click();
    const dialog = page.getByTestId('export-dialog');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const confirm = dialog.getByTestId('export-confirm-replace');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(foreign);
    expect(await readFile(foreign, 'utf8')).toBe('the steward kept his own notes here');
    await screenshot(app, 'reliability-export-confirm-replace');

    await confirm.getByRole('button', { name: 'Replace' }).click();
    await dialog.getByTestId('export-result').waitFor({ timeout: 60_000 });
    expect((await readFile(foreign)).subarray(0, 5).toString()).toBe('%PDF-');
    // Once written by this race's export, the same files are replaced without asking.
    await dialog.getByRole('button', { name: 'Export again' }).click();
    await page.waitForTimeout(300);
    await dialog.getByTestId('export-result').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('export-confirm-replace').count()).toBe(0);
    await screenshot(app, 'reliability-export-replaced');
  });
});
