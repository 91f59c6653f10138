/**
 * The Close-up in real Chromium on the demo race: U opens the decisive finish enlarged with the crop the result
 * sheet prints (from getCloseups), every composite pixel a whole block of screen pixels, the hairlines on the
 * noses in their colours, tags above and the margin below; then the Export dialog's picture-to-post option writes
 * the JPEG and lists the caption fields written into it. Screenshots go to test-artifacts/screenshots/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseupView, LeanRaceView } from '../../app/api/types.js';
import { competitorColour } from '../../renderer/src/viewer/colours.js';
import { chromiumMissing } from '../helpers/browser.js';
import { colourDistance, hexToRgb } from '../helpers/export-poppler.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e close-up skipped: ${skip}`);

const OFFICIAL = 'Sam Steward';

interface PageCanvas {
  dataset: Record<string, string>;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
interface PageWindow {
  document: { querySelector(sel: string): PageCanvas | null };
  devicePixelRatio: number;
}

/** RGB of the close-up canvas at a CSS pixel relative to the image's top-left corner. */
async function canvasRgb(page: Page, x: number, y: number): Promise<[number, number, number]> {
  return page.evaluate(
    ([px, py]) => {
      const w = globalThis as unknown as PageWindow;
      const c = w.document.querySelector('[data-testid="closeup-canvas"]')!;
      const dpr = Math.max(1, Math.round(w.devicePixelRatio || 1));
      const X = (Number(c.dataset.imageLeft) + px) * dpr;
      const Y = (Number(c.dataset.imageTop) + py) * dpr;
      const d = c.getContext('2d').getImageData(Math.round(X), Math.round(Y), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!] as [number, number, number];
    },
    [x, y] as const,
  );
}

describe.skipIf(skip !== null)('Close-up of the decisive finish', () => {
  let app: E2eApp;
  let race: LeanRaceView;
  let closeup: CloseupView;

  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'dark' });
    const demo = await app.running.service.openDemoRace({});
    const { edges } = await app.running.service.detectEdges({ raceId: demo.raceId });
    // Edges in time order belong to #5, #17, #24 and #48 (demo-scene.ts).
    for (const [i, id] of ['5', '17', '24', '48'].entries()) {
      race = await app.running.service.placeMark({ raceId: demo.raceId, competitorId: id, suggestion: edges[i]!.index, by: OFFICIAL });
    }
    closeup = (await app.running.service.getCloseups({ raceId: demo.raceId })).closeups[0]!;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the printed crop, pixels as whole blocks, hairlines on the noses, tags and the margin', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('official').fill(OFFICIAL);
    await page.getByTestId('official').press('Enter');
    await page.getByTestId('composite').click({ position: { x: 5, y: 5 } });

    await page.keyboard.press('u');
    const canvas = page.getByTestId('closeup-canvas');
    await page.locator('[data-testid="closeup-canvas"][data-units-per-row]').waitFor({ timeout: 30_000 });
    const upr = Number(await canvas.getAttribute('data-units-per-row'));
    const upc = Number(await canvas.getAttribute('data-units-per-column'));
    // One column as wide as one row is tall, in whole screen pixels.
    expect(upc).toBe(upr);
    expect(Number.isInteger(upr) && upr >= 2).toBe(true);
    const caption = await page.getByTestId('closeup-caption').innerText();
    expect(caption).toContain('the decisive finish: 1st #5 Kyle Marsh, 2nd #17 Chris Bellamy (+0.001 s)');
    expect(caption).toContain(`Image columns ${closeup.crop.start}–${closeup.crop.end - 1}`);
    await screenshot(app, 'closeup-demo');

    // Right to left: column c stands at width − (c + 0.5 − start) × scale; the car's body lies left of its nose.
    const width = (closeup.crop.end - closeup.crop.start) * upc;
    const xOf = (c: number) => width - (c + 0.5 - closeup.crop.start) * upc;
    const rowY = (r: number) => (r + 0.5 - closeup.crop.top) * upr;
    const colours = new Map(race.competitors.map((c, i) => [c.id, competitorColour(c, i)]));
    for (const [id, row] of [['5', 117], ['17', 167]] as const) {
      const s = closeup.subjects.find((x) => x.competitorId === id)!;
      const at = await Promise.all([-1, 0, 1].map((dx) => canvasRgb(page, Math.round(xOf(s.column)) + dx, rowY(row))));
      const best = Math.min(...at.map((rgb) => colourDistance(rgb, hexToRgb(colours.get(id)!))));
      expect(best, `hairline of #${id} on the canvas`).toBeLessThan(60);
    }
    // A block of the picture is one colour: pixels repeated, not smoothed.
    const block = await Promise.all([0.2, 0.8].map((f) => canvasRgb(page, (4 + f) * upc, rowY(closeup.crop.top + 3))));
    expect(block[0]).toEqual(block[1]);
    expect(errors).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('writes the picture to post from the Export dialog and lists its caption fields', async () => {
    const { page, errors } = app.browser;
    await page.keyboard.press('E');
    const dialog = page.getByTestId('export-dialog');
    await dialog.waitFor();
    await dialog.getByLabel(/picture to post/i).check();
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page.getByTestId('export-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('export-result').innerText()).toContain('Picture to post (JPEG)');
    const fields = await page.getByTestId('photo-fields').innerText();
    expect(fields).toContain('XMP-photoshop:Headline');
    expect(fields).toContain('#5 Kyle Marsh wins by 0.001 s from #17 Chris Bellamy');
    await screenshot(app, 'export-photo');
    expect(errors).toEqual([]);
  });
});
