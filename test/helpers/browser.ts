/**
 * Real Chromium for end-to-end tests and benchmarks: Debian's chromium (or CHROME_PATH) driven by playwright-core,
 * headless, with a fresh profile per launch so no state leaks between runs.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** Why e2e tests cannot run here, or null when Chromium is present. */
export function chromiumMissing(): string | null {
  const p = chromiumPath();
  return existsSync(p) ? null : `Chromium not found at ${p}: install it (apt-get install -y chromium) or set CHROME_PATH`;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far (what a user's devtools would show in red). */
  errors: string[];
  close(): Promise<void>;
}

/** Chromium's fake camera, playing a Y4M file in a loop (test/helpers/fake-camera.ts makes one); no permission prompt. */
export function fakeCameraArgs(y4m: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`];
}

export async function launchBrowser(opts: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; args?: string[] } = {}): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'pf-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...(opts.args ?? [])],
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    colorScheme: opts.colorScheme ?? 'dark',
    deviceScaleFactor: 1,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
