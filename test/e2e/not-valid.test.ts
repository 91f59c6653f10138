/**
 * Issue 21 item 1 in the app: the demo race certified, then a mark changed and the chain resealed outside the app
 * (no key needed). The workspace reopened on it says NOT VALID in the header and the banner, never "Certified".
 * Screenshot in test-artifacts/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../app/domain/audit/chain.js';
import type { DemoTruth } from '../../app/demo/render-demo.js';
import { chromiumMissing } from '../helpers/browser.js';
import { resealWith } from '../helpers/reseal.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e not-valid skipped: ${skip}`);

describe.skipIf(skip !== null)('a certified race that does not verify, in the workspace', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'light' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows NOT VALID with the reason in the header and the banner, and no certified banner', async () => {
    const s = app.running.service;
    const demo = await s.openDemoRace({});
    const truth = JSON.parse(await readFile(path.join(path.dirname(demo.evidence.source.path), 'truth.json'), 'utf8')) as DemoTruth;
    for (const car of truth.cars) await s.placeMark({ raceId: demo.raceId, competitorId: car.id, column: car.expected_column, by: 'Pat Judge' });
    await s.certify({ raceId: demo.raceId, official: 'Pat Judge', role: 'Judge' });
    // The first mark moved by nine columns, every later entry re-hashed.
    let moved = false;
    await resealWith(demo.path, (e) => {
      if (moved || e.action !== 'mark.placed') return e;
      moved = true;
      return JSON.parse(JSON.stringify(e).replace(/"milliColumn":(\d+)/, (_m, v: string) => `"milliColumn":${Number(v) + 9000}`)) as AuditEntry;
    });
    expect(moved).toBe(true);

    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
    const banner = page.getByTestId('not-valid-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/^NOT VALID: revision 1: the signature does not match the certification/);
    expect(await page.getByTestId('not-valid').innerText()).toBe('NOT VALID');
    expect(await page.getByTestId('certified-banner').count()).toBe(0);
    await screenshot(app, '60-not-valid');
    expect(errors).toEqual([]);
  });
});
