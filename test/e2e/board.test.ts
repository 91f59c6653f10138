/**
 * The announcer's board in real Chromium: opened with the meet's read-only token, it shows the race's result and
 * updates by itself after a mark (server-sent events), in type large enough to read across a room.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../app/bridge/server.js';
import { createService, type RunningService } from '../../app/service/create-service.js';
import { chromiumMissing, launchBrowser, type LaunchedBrowser } from '../helpers/browser.js';
import { makeMeetFixture, type MeetFixture } from '../helpers/meet-fixture.js';
import { runCli } from '../fixtures/cli-capture.js';
import { repoRoot } from './harness.js';

const missing = chromiumMissing();
let m: MeetFixture;
let running: RunningService;
let bridge: RunningBridge;
let browser: LaunchedBrowser;

describe.skipIf(missing !== null)('the board', () => {
  beforeAll(async () => {
    m = await makeMeetFixture();
    expect((await runCli(['meet', 'init', m.meetDir, '--input', m.input, '--output', m.output, '--by', 'Referee'])).code).toBe(0);
    const built = await runCli(['build', m.frames, '--meet', m.meetDir, '--event', '12-1-3', '--fps', '100', '--sport', 'athletics']);
    expect(built.code, built.err).toBe(0);
    const renderer = path.join(m.root, 'renderer');
    await mkdir(renderer);
    await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>Photofinish</title>');
    running = createService({ shell: 'browser', dataDir: path.join(m.root, 'data') });
    bridge = await startBridge({ running, rendererDir: renderer, meet: m.meetDir });
    browser = await launchBrowser({ width: 1280, height: 720 });
  });
  afterAll(async () => {
    await browser?.close();
    await bridge?.close();
    await m?.cleanup();
  });

  it('updates after a mark, from another process too', async () => {
    const meet = await running.service.openMeet({ path: m.meetDir });
    const { page } = browser;
    await page.goto(`${bridge.origin}/board#token=${meet.boardToken}`);
    await page.waitForSelector('#empty:not([hidden])');
    expect(new URL(page.url()).hash).toBe(''); // the token left the address bar

    const race = path.join(m.meetDir, 'races', '012-1-03');
    const { raceId } = await running.service.openRace({ path: race });
    const t0 = Date.now();
    await running.service.placeMark({ raceId, competitorId: '7', timeS: '10.2341', typed: true, by: 'Judge' });
    await page.waitForSelector('#results td.name:text("Jürgen Müller")', { timeout: 5000 });
    const inProcessMs = Date.now() - t0;
    expect(await page.textContent('#state')).toBe('PROVISIONAL');
    expect(await page.textContent('#results tr:first-child td.time')).toBe('10.24');
    const fontPx = await page.$eval('#results td.time', (el) => parseFloat((globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }).getComputedStyle(el).fontSize));
    expect(fontPx).toBeGreaterThanOrEqual(36);

    // A mark made by another station's process reaches the board through the meet's output folder.
    const t1 = Date.now();
    expect((await runCli(['mark', race, '--competitor', '8', '--time', '10.5', '--typed', '--by', 'Judge 2'])).code).toBe(0);
    await page.waitForSelector('#results td.name:text("Björn Ødegård")', { timeout: 5000 });
    const otherProcessMs = Date.now() - t1;
    await mkdir(path.join(repoRoot, 'test-artifacts/i23-meet'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, 'test-artifacts/i23-meet/board.png') });
    console.log(`board updated ${inProcessMs} ms after an in-process mark, ${otherProcessMs} ms after a CLI mark (incl. the CLI run)`);
    expect(browser.errors).toEqual([]);
  });
});
