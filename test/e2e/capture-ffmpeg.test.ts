/**
 * The capture screen with an FFmpeg source, in real Chromium through the bridge: a network camera (FFmpeg serving
 * an H.264 clip over UDP on loopback, in a loop) chosen beside the browser's cameras, its address and finish line
 * typed, Record: the live line image grows from the service's events, F marks a yellow column, the status counts
 * frames; Stop builds the race and opens it with every column of the recording.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { liveMarkColumns } from '../helpers/capture-screen.js';
import { encodeClip, ffmpegPresent, freePort, sendClip } from '../helpers/stream-sender.js';
import { rendererMissing, screenshot, startE2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing() ?? ((await ffmpegPresent()) ? null : 'ffmpeg not found');
let tmp: string;

beforeAll(async () => {
  if (skip) return;
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-e2e-ffmpeg-'));
  await encodeClip(path.join(tmp, 'clip.ts'), 'h264', { width: 640, height: 360, rate: 60, seconds: 3 });
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe.skipIf(skip)('capture screen with an FFmpeg network camera', () => {
  it('records a UDP stream with the live line image, F and Stop building the race', async () => {
    const port = freePort();
    const sender = sendClip(path.join(tmp, 'clip.ts'), 'h264', port, 60, true);
    const app = await startE2eApp({ height: 900 });
    try {
      const { page } = app.browser;
      await page.goto(app.bridge.url);
      await page.getByTestId('open-camera').check();
      await page.getByTestId('set-up-camera').click();
      await page.getByTestId('capture-screen').waitFor();
      await page.getByTestId('capture-source').selectOption('address');
      await page.getByTestId('stream-address').fill(`udp://127.0.0.1:${port}`);
      await page.getByTestId('stream-line').fill('320');
      const out = path.join(tmp, 'network.race');
      await page.getByLabel('Save the race in').fill(out);
      await page.getByTestId('capture-record').click();
      await page.getByTestId('capture-status').filter({ hasText: /Recording .* [1-9]\d\d frames/ }).waitFor({ timeout: 30_000 });
      await page.keyboard.press('f');
      await page.waitForTimeout(1500);
      await screenshot(app, 'capture-ffmpeg-recording');
      expect((await liveMarkColumns(page)).yellow).toBeGreaterThanOrEqual(1);
      await page.getByTestId('capture-record').click(); // now Stop
      await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 120_000 });
      await screenshot(app, 'capture-ffmpeg-built');
      const times = JSON.parse(await readFile(path.join(out, 'evidence', 'times.json'), 'utf8')) as { timesNs: string[] };
      expect(times.timesNs.length).toBeGreaterThan(150);
      const manifest = JSON.parse(await readFile(path.join(out, 'evidence', 'manifest.json'), 'utf8')) as { source: { description: string }; capture?: { triggers: { milliColumn: number | null }[] } };
      expect(manifest.source.description).toMatch(/h264/);
      // The F press is in the race's evidence, placed on a column of the kept stream.
      expect(manifest.capture?.triggers).toHaveLength(1);
      expect(manifest.capture?.triggers[0]?.milliColumn).not.toBeNull();
    } finally {
      sender.kill();
      await app.close();
    }
  }, 120_000);
});
