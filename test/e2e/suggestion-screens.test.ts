/**
 * Suggested edges in the workspace on footage that once fooled the detector, in real Chromium: the real parking-aisle
 * clip (cars moving down cast a soft shadow ahead of themselves; each car one ghost hairline, on its bumper) and a
 * white car over a white-and-black chequered line (one ghost hairline for it, not one per visible piece).
 * Screenshots go to test-artifacts/screenshots/.
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../app/api/methods/build.js';
import type { EdgeSuggestion } from '../../app/api/types.js';
import { buildRace } from '../../app/imaging/race-builder/build-race.js';
import { chromiumMissing } from '../helpers/browser.js';
import { renderSyntheticRace } from '../synthetic/synthetic-race.js';
import { aimAt, ghostPixelsAt, rendererMissing, repoRoot, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e suggestion screens skipped: ${skip}`);
const video = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
const haveVideo = await access(video).then(
  () => true,
  () => false,
);
if (!haveVideo) console.warn(`e2e suggestions on the real clip skipped: ${video} is absent`);

let work = '';
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'pf-e2e-suggest-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Opens the race in the workspace, shows the suggestions and returns them as the service reports them. */
async function showSuggestions(app: E2eApp, racePath: string): Promise<{ edges: EdgeSuggestion[]; rows: number }> {
  const { page } = app.browser;
  await page.goto(app.bridge.url);
  await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
  const race = await app.running.service.openRace({ path: racePath });
  const { edges } = await app.running.service.detectEdges({ raceId: race.raceId });
  await page.getByTestId('suggest-edges').click();
  await page.getByTestId('suggestion-choice').waitFor();
  return { edges, rows: race.evidence.rows };
}

describe.skipIf(skip !== null || !haveVideo)('suggestions on the real clip', () => {
  let app: E2eApp;
  let racePath = '';
  beforeAll(async () => {
    ({ racePath } = await buildRace(
      buildRequest.parse({ source: video, out: path.join(work, 'real.race'), line: { kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 }, timing: { kind: 'source' } }),
    ));
    app = await startE2eApp({ startup: { kind: 'race', path: racePath }, colorScheme: 'dark' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('draws one ghost hairline per vehicle, with a calibrated uncertainty in its label', async () => {
    const { page, errors } = app.browser;
    const { edges, rows } = await showSuggestions(app, racePath);
    expect(edges).toHaveLength(4);
    const choice = page.getByTestId('suggestion-choice');
    expect(await choice.locator('option').count()).toBe(4);
    // The car moving down at 15.8 s: its hairline is on its bumper (column 197.7), not three frames early.
    const down = edges[1]!;
    expect(down.direction).toBe('down');
    expect(down.column).toBeGreaterThan(197.4);
    expect(await choice.locator('option').nth(1).innerText()).toMatch(/^S2 15\.8\d* s ±\d+(\.\d)? ms/);
    await aimAt(page, (down.column + edges[2]!.column) / 2);
    await expect.poll(() => ghostPixelsAt(page, down.column, down.rows, rows)).toBeGreaterThan(10);
    await page.waitForTimeout(100);
    await screenshot(app, '14-suggestions-real-clip');
    expect(errors).toEqual([]);
  }, 120_000);
});

describe.skipIf(skip !== null)('suggestions on a car the colour of the stripes', () => {
  let app: E2eApp;
  let racePath = '';
  beforeAll(async () => {
    const race = await renderSyntheticRace(
      {
        name: 'white car over a chequered line',
        fps: 500,
        frames: 110,
        length: 200,
        breadth: 140,
        direction: 'left-to-right',
        shutter: 0.5,
        noise: 2,
        format: 'png',
        lineAt: 120,
        stripeWidth: 16,
        seed: 42,
        cars: [
          { id: '1', top: 27, crossFrame: 50.41, speed: 3, body: [236, 236, 232], roof: [236, 236, 232], glass: [26, 26, 28] },
          { id: '2', top: 67, crossFrame: 51.26, speed: 3, body: [205, 40, 44] },
        ],
      },
      path.join(work, 'stripes-source'),
    );
    ({ racePath } = await buildRace(
      buildRequest.parse({ source: race.framesDir, out: path.join(work, 'stripes.race'), line: race.line, timing: { kind: 'timestamps', file: race.timestampsFile } }),
    ));
    app = await startE2eApp({ startup: { kind: 'race', path: racePath }, colorScheme: 'dark' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('draws one ghost hairline for the white car, however many pieces of it the composite shows', async () => {
    const { page, errors } = app.browser;
    const { edges, rows } = await showSuggestions(app, racePath);
    expect(edges).toHaveLength(2);
    expect(await page.getByTestId('suggestion-choice').locator('option').count()).toBe(2);
    const white = edges.find((e) => e.rows[0] < 50)!;
    expect(white.rows[1] - white.rows[0]).toBeGreaterThan(20);
    await aimAt(page, white.column);
    await expect.poll(() => ghostPixelsAt(page, white.column, white.rows, rows)).toBeGreaterThan(10);
    await page.waitForTimeout(100);
    await screenshot(app, '14-suggestions-stripe-car');
    expect(errors).toEqual([]);
  }, 120_000);
});
