/**
 * Time zero in the workspace, in real Chromium through the HTTP bridge: the toolbar says the times are on the
 * footage clock; the Time zero dialog finds the gun's report (waveform with the onset) and the flash (the frame
 * beside the one before); confirming re-times the results exactly and the readout reads race time. Then the same
 * from set-up: the way chosen there is found and shown as soon as the race is built. Screenshots go to
 * test-artifacts/screenshots/ (start-*.png).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../app/api/methods/build.js';
import { buildRace } from '../../app/imaging/race-builder/build-race.js';
import { chromiumMissing } from '../helpers/browser.js';
import { burstTruthS, makeStartClip, type StartClip } from '../helpers/start-clips.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e start skipped: ${skip}`);

const CLIP: StartClip = { container: 'mp4-aac', burstS: 1.2345678, flashS: 1.2345678, fps: 100, durationS: 3 };
const DELAY_100M_NS = 291_362_877n;

describe.skipIf(skip !== null)('time zero in Chromium', () => {
  let app: E2eApp;
  let tmp: string;
  let video: string;
  let racePath: string;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-e2e-start-'));
    video = await makeStartClip(tmp, 'heat', CLIP);
    const startList = path.join(tmp, 'start-list.csv');
    await writeFile(startList, 'id,name,team,lane\n7,Ann Able,Club A,1\n9,Bea Best,Club B,2\n');
    racePath = path.join(tmp, 'heat.race');
    await buildRace(buildRequest.parse({ source: video, out: racePath, line: { kind: 'column', x: 32 }, sport: 'athletics', startList }), { actor: 'test' });
    app = await startE2eApp({ colorScheme: 'dark', startup: { kind: 'race', path: racePath } });
    const race = await app.running.service.openRace({ path: racePath });
    await app.running.service.placeMark({ raceId: race.raceId, competitorId: '7', column: 210.4, by: 'Setup' });
    await app.running.service.placeMark({ raceId: race.raceId, competitorId: '9', column: 231.7, by: 'Setup' });
  });
  afterAll(async () => {
    await app?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const timeNs = async (id: string) => (await app.browser.page.locator(`[data-testid="results-table"] tr[data-competitor="${id}"] [data-time-ns]`).getAttribute('data-time-ns')) ?? '';

  it('finds the report and the flash for the official to confirm; confirming re-times every mark exactly', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor();
    await page.getByTestId('official').fill('Sam Starter');
    const chip = page.getByTestId('start-chip');
    expect(await chip.innerText()).toBe('No time zero · footage clock');
    await page.getByTestId('composite').hover();
    await expect.poll(() => page.getByTestId('hairline-readout').innerText()).toContain('(footage clock: no time zero set)');
    const footage = { a: await timeNs('7'), b: await timeNs('9') };
    expect(footage.a).toBe('2104000000');

    await chip.click();
    const dialog = page.getByTestId('start-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('start-now').innerText()).toContain('Not set: times are on the footage clock');
    await dialog.locator('input[name="distance"]').fill('100');
    await page.getByTestId('start-find').click();
    await page.getByTestId('start-waveform').waitFor();
    const found = await page.getByTestId('start-found').innerText();
    // No temperature typed: 20 °C within ±5 °C, and a wind of ±2 m/s, in the total with the onset's 0.1 ms.
    expect(found).toMatch(
      /heard at 1\.234583 s, less 0\.291363 s sound delay \(100 m at 20 °C, 343\.2 m\/s\): 0\.943220 s on the footage clock, ±4\.3 ms in total \(onset ±0\.1 ms, speed of sound ±2\.5 ms for ±5 °C and ±1\.7 ms for a wind of ±2 m\/s\)\./,
    );
    await screenshot(app, 'start-10-audio-found');

    await page.getByTestId('start-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    const zero = BigInt(Math.round(burstTruthS(CLIP) * 1e9)) - DELAY_100M_NS;
    await expect.poll(() => chip.innerText(), { timeout: 60_000 }).toBe('Zero 0.9432 s · gun’s report');
    await expect.poll(() => timeNs('7')).toBe(String(BigInt(footage.a) - zero));
    expect(await timeNs('9')).toBe(String(BigInt(footage.b) - zero));
    await page.getByTestId('composite').hover();
    await expect.poll(() => page.getByTestId('hairline-readout').innerText()).toMatch(/ s race time\s+·\s+column/);
    await screenshot(app, 'start-11-race-time');

    // The flash: the frame before and the flash frame side by side.
    await page.keyboard.press('Shift+T');
    await dialog.waitFor();
    expect(await page.getByTestId('start-now').innerText()).toContain('confirmed by Sam Starter');
    await dialog.getByLabel('The gun’s flash in the picture').check();
    await page.getByTestId('start-find').click();
    await page.locator('[data-testid="start-flash-frames"] img').nth(1).waitFor();
    expect(await page.getByTestId('start-found').innerText()).toMatch(/Gun’s flash, first seen in the frame at 1\.240000 s: 1\.235000 s on the footage clock, ±5\.0 ms/);
    await screenshot(app, 'start-12-flash-found');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Certifying this athletics race without a zero-control test: a warning, not a refusal.
    await page.getByTestId('certify').click();
    expect(await page.getByTestId('certify-dialog').getByTestId('check-zero-control-missing').innerText()).toContain('no zero-control test is attached');
    await screenshot(app, 'start-15-certify-warning');
    await page.getByTestId('certify-dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });

  it('a way chosen in set-up is found as soon as the race is built, for the official to confirm', async () => {
    const { page, errors } = app.browser;
    await page.getByRole('button', { name: 'Photofinish' }).click();
    await page.getByTestId('start-screen').waitFor();
    await page.getByLabel('Video').check();
    await page.getByTestId('open-path').fill(video);
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByTestId('setup-screen').waitFor();
    await page.getByTestId('setup-start').getByLabel('The gun’s report in the sound').check();
    await page.locator('input[name="start-distanceM"]').fill('100');
    await page.locator('input[name="out"]').fill(path.join(tmp, 'setup.race'));
    await page.getByTestId('line-editor').waitFor();
    await page.getByTestId('setup-start').scrollIntoViewIfNeeded();
    await screenshot(app, 'start-13-setup');
    await page.getByTestId('build').click();
    await page.getByTestId('start-waveform').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('start-found').innerText()).toContain('0.943220 s on the footage clock');
    await screenshot(app, 'start-14-after-build');
    await page.getByTestId('start-confirm').click();
    // Confirming finds the report again on the engine's side (the same result), then records it.
    await expect.poll(() => page.getByTestId('start-chip').innerText(), { timeout: 60_000 }).toBe('Zero 0.9432 s · gun’s report');
    expect(errors).toEqual([]);
  });
});
