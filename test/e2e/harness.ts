/**
 * The app in browser mode for e2e tests: the real service and HTTP bridge in this process (own temporary data
 * folder), the built renderer, and Chromium signed in through the bridge's tokened URL.
 */
import type { Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBridge, type RunningBridge } from '../../app/bridge/server.js';
import { createService, type RunningService } from '../../app/service/create-service.js';
import type { AppStartup } from '../../app/service/context.js';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const rendererDir = path.join(repoRoot, 'dist/renderer');
export const screenshotDir = path.join(repoRoot, 'test-artifacts/screenshots');

export function rendererMissing(): string | null {
  return existsSync(path.join(rendererDir, 'index.html')) ? null : 'dist/renderer is missing: run npm run build:renderer first';
}

export interface E2eApp {
  dataDir: string;
  running: RunningService;
  bridge: RunningBridge;
  browser: LaunchedBrowser;
  close(): Promise<void>;
}

export async function startE2eApp(
  opts: { startup?: AppStartup; dataDir?: string; colorScheme?: 'light' | 'dark'; chromiumArgs?: string[]; width?: number; height?: number } = {},
): Promise<E2eApp> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'pf-e2e-')));
  const running = createService({ shell: 'browser', dataDir, startup: opts.startup ?? null });
  const bridge = await startBridge({ running, rendererDir });
  const browser = await launchBrowser({
    ...(opts.colorScheme ? { colorScheme: opts.colorScheme } : {}),
    ...(opts.chromiumArgs ? { args: opts.chromiumArgs } : {}),
    ...(opts.width ? { width: opts.width } : {}),
    ...(opts.height ? { height: opts.height } : {}),
  });
  await mkdir(screenshotDir, { recursive: true });
  return {
    dataDir,
    running,
    bridge,
    browser,
    async close() {
      await browser.close();
      await bridge.close();
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(app: E2eApp, name: string): Promise<string> {
  const file = path.join(screenshotDir, `${name}.png`);
  await app.browser.page.screenshot({ path: file });
  return file;
}

/** The viewer's test hook (geometry only; exposed by the page as `window.__photofinishViewer`). */
interface ViewerHook {
  centreOn(c: number): void;
  zoomToScale(s: number, x?: number): void;
  screenXOfColumn(c: number): number;
  viewport: { width: number };
}

/**
 * Centres the viewer on a composite column at 16 px/column and returns the page coordinates of that column, at
 * `heightFraction` of the composite's height (pick a fraction that falls on the car you mean to mark).
 */
export async function aimAt(page: Page, column: number, heightFraction = 0.5): Promise<{ x: number; y: number }> {
  const x = await page.evaluate((c) => {
    const v = (globalThis as unknown as { __photofinishViewer: ViewerHook }).__photofinishViewer;
    v.zoomToScale(16, v.viewport.width / 2);
    v.centreOn(c);
    return v.screenXOfColumn(c);
  }, column);
  const box = (await page.getByTestId('composite').boundingBox())!;
  await page.waitForTimeout(50);
  return { x: box.x + x, y: box.y + box.height * heightFraction };
}
