/**
 * Issue 22 item 2, in real Chromium on the demo race: pairing suggestions with competitors at reading speed. With
 * the suggestions shown, the earliest is chosen; typing a competitor's number and Enter marks it there and chooses
 * the next suggestion nobody has taken. N / P step through the suggestions, `c` centres on an accepted mark (it did
 * nothing for them), and an accepted mark reads "accepted (S2)" rather than "SUGGESTED".
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeSuggestion } from '../../app/api/types.js';
import type { DemoTruth } from '../../app/demo/render-demo.js';
import { chromiumMissing } from '../helpers/browser.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp, openWorkspace } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e pairing skipped: ${skip}`);

interface ViewerHook {
  screenXOfColumn(c: number): number;
  debugState(): { viewport: { width: number; scale: number } };
}
const viewerCentreOffset = (page: Page, column: number) =>
  page.evaluate((c) => {
    const v = (globalThis as unknown as { __photofinishViewer: ViewerHook }).__photofinishViewer;
    return Math.abs(v.screenXOfColumn(c) - v.debugState().viewport.width / 2);
  }, column);

describe.skipIf(skip !== null)('pairing suggestions with competitors (demo race)', () => {
  let app: E2eApp;
  let truth: DemoTruth;
  let edges: EdgeSuggestion[];

  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'dark' });
    const demo = await app.running.service.openDemoRace({});
    truth = JSON.parse(await readFile(path.join(path.dirname(demo.evidence.source.path), 'truth.json'), 'utf8')) as DemoTruth;
    edges = (await app.running.service.detectEdges({ raceId: demo.raceId })).edges;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('type the number, Enter: marked at the chosen suggestion, the next one chosen', async () => {
    const { page, errors } = app.browser;
    await openWorkspace(app, 'Pat Pairer');
    await page.getByTestId('composite').hover();
    // Stored with the evidence: shown as the race opens.
    const choice = page.getByTestId('suggestion-choice');
    await choice.waitFor();

    const carOn = (e: EdgeSuggestion) => truth.cars.find((c) => e.rows[0] <= c.rows[1] && e.rows[1] >= c.rows[0])!;
    const byTime = [...edges].sort((a, b) => a.index - b.index);
    expect(await choice.inputValue()).toBe(String(byTime[0]!.index));
    // N / P step through the suggestions (and back).
    await page.keyboard.press('n');
    await expect.poll(() => choice.inputValue()).toBe(String(byTime[1]!.index));
    await page.keyboard.press('p');
    await expect.poll(() => choice.inputValue()).toBe(String(byTime[0]!.index));

    for (const [k, e] of byTime.entries()) {
      const id = carOn(e).id;
      await page.keyboard.type(id);
      await page.keyboard.press('Enter');
      const row = page.locator(`[data-testid="results-table"] tr[data-competitor="${id}"]`);
      await row.locator('.badge.sugg').waitFor();
      expect(await row.locator('[data-time-ns]').getAttribute('data-time-ns')).toBe(e.time_ns);
      expect(await row.locator('.badge.sugg').innerText()).toBe(`accepted (S${e.index + 1})`);
      const next = byTime[k + 1];
      if (next) await expect.poll(() => choice.inputValue()).toBe(String(next.index));
    }
    await screenshot(app, '../i22-raceday/pairing-done');

    // `c` centres on a mark accepted from a suggestion (kept as a time, not a column).
    const first = byTime[0]!;
    await page.locator(`[data-testid="start-list"] li[data-competitor="${carOn(first).id}"]`).click();
    await page.evaluate(() => {
      const v = (globalThis as unknown as { __photofinishViewer: { centreOn(c: number): void; zoomToScale(s: number): void } }).__photofinishViewer;
      v.zoomToScale(16);
      v.centreOn(0);
    });
    expect(await viewerCentreOffset(page, first.column)).toBeGreaterThan(50);
    await page.getByTestId('composite').hover({ position: { x: 5, y: 5 } });
    await page.mouse.move(0, 0);
    await page.keyboard.press('c');
    await expect.poll(() => viewerCentreOffset(page, first.column)).toBeLessThan(2);
    expect(errors).toEqual([]);
  });
});
