/**
 * Re-render benchmark (`npm run bench:renders`): which React components render, and how often, when an official
 * hovers over the composite, gets a notice, selects a competitor, zooms, places a mark. Drives real Chromium on the
 * demo race through the HTTP bridge with an unminified build of the renderer (so components keep their names) and
 * counts renders per component from React's commits (the DevTools hook), printed as a table per interaction.
 *
 * Usage: tsx scripts/bench/render-counts.ts [--checkout DIR]   (DIR: another checkout's root to measure, e.g. an
 * older commit extracted with `git archive`; its node_modules may be a symlink to this one's)
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startBridge } from '../../app/bridge/server.js';
import { createService } from '../../app/service/create-service.js';
import { chromiumMissing, launchBrowser } from '../../test/helpers/browser.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * Installed before the page's scripts: a minimal DevTools hook that React reports every commit to. A component
 * rendered in a commit when its fiber carries React's PerformedWork flag (1) and is not the same fiber object seen
 * in the previous commit (fibers of subtrees React skipped keep their old flags).
 */
const COUNTER = `(() => {
  const ids = new WeakMap();
  const lastSeen = new Map();
  let nextId = 1;
  const counts = {};
  globalThis.__renders = counts;
  const idOf = (f) => {
    let id = ids.get(f) ?? (f.alternate ? ids.get(f.alternate) : undefined);
    if (!id) id = nextId++;
    ids.set(f, id);
    if (f.alternate) ids.set(f.alternate, id);
    return id;
  };
  const walk = (first) => {
    for (let f = first; f; f = f.sibling) {
      const name = typeof f.type === 'function' ? f.type.displayName || f.type.name : null;
      if (name) {
        const id = idOf(f);
        if ((f.flags & 1) === 1 && lastSeen.get(id) !== f) counts[name] = (counts[name] || 0) + 1;
        lastSeen.set(id, f);
      }
      if (f.child) walk(f.child);
    }
  };
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) { walk(root.current.child); },
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
})();`;

interface PageWindow {
  __renders: Record<string, number>;
}

async function main(): Promise<void> {
  const missing = chromiumMissing();
  if (missing) {
    console.error(`bench:renders cannot run: ${missing}`);
    process.exit(1);
  }
  const checkout = path.resolve(arg('checkout') ?? repoRoot);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-bench-renders-'));
  const rendererDir = path.join(root, 'renderer');
  await build({
    configFile: path.join(checkout, 'renderer/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: rendererDir, emptyOutDir: true, minify: false },
  });
  if (!existsSync(path.join(rendererDir, 'index.html'))) throw new Error(`no renderer built from ${checkout}`);

  const running = createService({ shell: 'browser', dataDir: path.join(root, 'data'), startup: { kind: 'demo' } });
  const bridge = await startBridge({ running, rendererDir });
  const browser = await launchBrowser({ width: 1280, height: 800 });
  const { page } = browser;
  const rows: [string, Record<string, number>][] = [];
  let before: Record<string, number> = {};
  const step = async (label: string, act: () => Promise<void>) => {
    await act();
    await page.waitForTimeout(400);
    const now = await page.evaluate(() => ({ ...(globalThis as unknown as PageWindow).__renders }));
    rows.push([label, Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, v]) => (v as number) > 0))]);
    before = now;
  };
  try {
    await page.addInitScript(COUNTER);
    await page.goto(bridge.url);
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 120_000 });
    await page.getByTestId('official').fill('Bench Official');
    await page.getByTestId('official').press('Enter');
    // The inspector would follow the resting hairline and fetch frames: keep it still, as the hover is what counts.
    await page.getByRole('checkbox', { name: 'follow' }).uncheck();
    const box = (await page.getByTestId('composite').boundingBox())!;
    await step('(opening the demo race)', async () => undefined);
    await step('hover: 40 pointer moves over the composite', async () => {
      for (let i = 0; i < 40; i++) await page.mouse.move(box.x + 100 + i * 20, box.y + box.height / 3);
    });
    await step('notice: A with no suggestions shown', () => page.keyboard.press('a'));
    await step('notice clears (5 s later)', () => page.waitForTimeout(5200));
    await step('select a competitor (J)', () => page.keyboard.press('j'));
    await step('zoom in (+)', () => page.keyboard.press('+'));
    await step('type a digit, no such competitor (number entry, then a notice)', async () => {
      await page.keyboard.press('9');
      await page.waitForTimeout(800);
    });
    await step('place a mark (click)', () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 3));
  } finally {
    await browser.close();
    await bridge.close();
    await fs.rm(root, { recursive: true, force: true });
  }
  console.log(`Renders per component and interaction (${checkout})`);
  for (const [label, counts] of rows) {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const list = Object.entries(counts)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(`  ${label}: ${total} renders${list ? ` — ${list}` : ''}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
