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
      // A request still finishing in the service may write into the data folder (the kept integrity check): retry.
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
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

/** What page-side functions use (they run in Chromium; the Node type-check has no DOM types). */
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
interface PageWindow {
  document: { querySelectorAll(sel: string): PageCanvas[] };
  __photofinishViewer: ViewerHook & { debugState(): { imageHeight: number } };
}

/** How many overlay pixels on the column's screen x (±1 px), over the given composite rows, are ghost cyan. */
export async function ghostPixelsAt(page: Page, column: number, rows: [number, number], totalRows: number): Promise<number> {
  return page.evaluate(
    ([c, top, bottom, total]) => {
      const w = globalThis as unknown as PageWindow;
      const v = w.__photofinishViewer;
      const overlay = w.document.querySelectorAll('[data-testid="composite"] canvas')[1]!;
      const x = Math.round(v.screenXOfColumn(c));
      const h = v.debugState().imageHeight;
      const y0 = Math.floor((top / total) * h);
      const y1 = Math.ceil(((bottom + 1) / total) * h);
      const d = overlay.getContext('2d').getImageData(x - 1, y0, 3, y1 - y0).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 100 && d[i + 2]! > 180 && d[i + 1]! > 150 && d[i]! < 170) n++;
      return n;
    },
    [column, rows[0], rows[1], totalRows] as const,
  );
}

/** Opens the page on the app's startup race, waits for its first pixels, and signs the official in (when named). */
export async function openWorkspace(app: E2eApp, official?: string): Promise<Page> {
  const { page } = app.browser;
  await page.goto(app.bridge.url);
  await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
  if (official) {
    await page.getByTestId('official').fill(official);
    await page.getByTestId('official').press('Enter');
  }
  return page;
}
