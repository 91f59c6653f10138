/**
 * One recording by the app, as an official makes it, on the fake camera at a given rate: open the capture screen,
 * Record for a while, Stop; then what it kept, what it lost, the CPU it took per frame (the browser's processes and
 * this process, which runs the service and its writer) and the delay from each frame's capture to its column on
 * screen. The camera's timestamps are CLOCK_MONOTONIC microseconds (Chromium's TimeTicks on Linux), so this process's
 * monotonic clock, read around a reading of the page's performance.now(), places them on the page's timeline.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { fakeCameraArgs } from '../../../test/helpers/browser.js';
import { openCaptureScreen, readProbe } from '../../../test/helpers/capture-screen.js';
import { startE2eApp } from '../../../test/e2e/harness.js';
import { childrenCpuSeconds } from './process-cpu.js';

export interface AppRun {
  rate: number;
  seconds: number;
  frames: number;
  deliveredFps: number;
  /** What the camera delivered before recording, with the page only reading and closing frames. */
  idleFps: number;
  lost: { camera: number; app: number; writer: number };
  /** As the build will see it: gaps in the written times, and frames refused by the writer. */
  written: { gaps: number; missing: number; droppedBusy: number };
  browserCpuMsPerFrame: number;
  serviceCpuMsPerFrame: number;
  delayMs: { p50: number; p95: number; max: number; n: number };
}

const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Page performance.now() = monotonic ms − offset, measured with the round trip as its uncertainty. */
async function pageClockOffset(page: Page): Promise<number> {
  let best = { offset: 0, span: Infinity };
  for (let i = 0; i < 5; i++) {
    const before = monotonicMs();
    const now = await page.evaluate(() => performance.now());
    const after = monotonicMs();
    if (after - before < best.span) best = { offset: (before + after) / 2 - now, span: after - before };
  }
  return best.offset;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number) : NaN;
}

export async function recordOnce(y4m: string, rate: number, seconds: number): Promise<AppRun> {
  const app = await startE2eApp({ chromiumArgs: fakeCameraArgs(y4m), width: 1400, height: 900 });
  try {
    const { page } = app.browser;
    await openCaptureScreen(page, app.bridge.url);
    const out = path.join(app.dataDir, `bench-${rate}.race`);
    await page.locator('input[name="out"]').fill(out);
    await page.waitForTimeout(1500);
    const offset = await pageClockOffset(page);
    const idle: number[] = [];
    for (let i = 0; i < 4; i++) {
      await page.waitForTimeout(500);
      const rate = (await readProbe(page)).status.deliveredRate;
      if (rate) idle.push(rate);
    }

    const cpu0 = childrenCpuSeconds();
    const node0 = process.cpuUsage();
    await page.getByTestId('capture-record').click();
    await page.getByTestId('capture-status').filter({ hasText: /Recording/ }).waitFor();
    await page.waitForTimeout(seconds * 1000);
    const probe = await readProbe(page);
    await page.getByTestId('capture-record').click();
    await page.getByTestId('capture-status').filter({ hasText: /Ready|Stopped/ }).waitFor({ timeout: 60_000 });
    const cpu = childrenCpuSeconds() - cpu0;
    const node = process.cpuUsage(node0);
    const after = await readProbe(page);

    const record = JSON.parse(await readFile(path.join(app.dataDir, `bench-${rate}-frames`, 'capture.json'), 'utf8')) as {
      summary: { frames: number; gaps: number; missing: number; droppedBusy: number; durationNs: string };
    };
    const s = record.summary;
    // Delay of every column painted after the first second (the camera settling, the pre-roll of the pipeline).
    const first = probe.painted[0]?.us ?? 0;
    const delays = probe.painted
      .filter((p) => p.us - first > 1_000_000)
      .map((p) => p.at - (p.us / 1000 - offset))
      .sort((a, b) => a - b);
    const spanS = Number(BigInt(s.durationNs)) / 1e9;
    return {
      rate,
      seconds: spanS,
      frames: s.frames,
      deliveredFps: spanS > 0 ? (s.frames - 1) / spanS : 0,
      idleFps: idle.length ? idle.reduce((a, b) => a + b) / idle.length : NaN,
      lost: after.status.lost,
      written: { gaps: s.gaps, missing: s.missing, droppedBusy: s.droppedBusy },
      browserCpuMsPerFrame: (cpu * 1000) / Math.max(1, s.frames),
      serviceCpuMsPerFrame: (node.user + node.system) / 1000 / Math.max(1, s.frames),
      delayMs: { p50: percentile(delays, 0.5), p95: percentile(delays, 0.95), max: delays.at(-1) ?? NaN, n: delays.length },
    };
  } finally {
    await app.close();
  }
}
