/**
 * The official record in real Chromium through the HTTP bridge, on the demo race: the Event dialog (the header then
 * reads the event line), a dead heat refused across different published times and, between cars marked at the same
 * time, declared then withdrawn (W); a DQ with its rule from the start-list row's status menu, a DNS, the checks in
 * the certify dialog and certification once everyone is accounted for. Screenshots go to test-artifacts/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoTruth } from '../../app/demo/render-demo.js';
import { chromiumMissing } from '../helpers/browser.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e official record skipped: ${skip}`);

const OFFICIAL = 'Pat Judge';

describe.skipIf(skip !== null)('the official record on the demo race', () => {
  let app: E2eApp;
  let truth: DemoTruth;
  let raceId: string;

  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'light' });
    const demo = await app.running.service.openDemoRace({});
    raceId = demo.raceId;
    truth = JSON.parse(await readFile(path.join(path.dirname(demo.evidence.source.path), 'truth.json'), 'utf8')) as DemoTruth;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Marks a car through the engine (as another window would); the page shows it once the race-changed event lands. */
  async function markAt(page: Page, id: string, column: number): Promise<void> {
    const before = (await app.running.service.getRace({ raceId })).auditCount;
    await app.running.service.placeMark({ raceId, competitorId: id, column, by: OFFICIAL });
    await expect.poll(() => page.getByTestId('saved').innerText()).toContain(`${before + 1} audit entries`);
  }

  it('sets the event, refuses then declares and withdraws a dead heat, records DQ and DNS, and certifies', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('official').fill(OFFICIAL);
    await page.getByTestId('official').press('Enter');

    // The Event dialog, from the header.
    await page.getByTestId('event-button').click();
    const eventDialog = page.getByTestId('event-dialog');
    await eventDialog.waitFor();
    for (const [field, value] of [['name', 'Cup Final'], ['meet', 'Kansas Speedway'], ['number', '12'], ['round', '1'], ['heat', '3'], ['date', '2026-05-10'], ['startTime', '19:42:05']] as const) {
      await eventDialog.locator(`input[name="event-${field}"]`).fill(value);
    }
    await screenshot(app, '20-event-dialog');
    await eventDialog.getByTestId('save-event').click();
    await expect.poll(() => eventDialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId('event-button').innerText()).toBe('Cup Final, round 1, heat 3 · 2026-05-10');
    expect((await app.running.service.getRace({ raceId })).event).toMatchObject({ number: 12, round: 1, heat: 3, name: 'Cup Final', meet: 'Kansas Speedway', start_time: '19:42:05' });

    // Two cars a thousandth apart: a dead heat is refused, saying why.
    const [a, b, c, d] = truth.order as [string, string, string, string];
    const col = (id: string) => truth.cars.find((x) => x.id === id)!.expected_column;
    await markAt(page, a, col(a));
    await markAt(page, b, col(b));
    const rowOf = (id: string) => page.locator(`[data-testid="results-table"] tr[data-competitor="${id}"]`);
    await rowOf(a).getByTestId('dead-heat-pick').check();
    await rowOf(b).getByTestId('dead-heat-pick').check();
    await page.getByTestId('composite').hover();
    await page.keyboard.press('Shift+D');
    const dhDialog = page.getByTestId('dead-heat-dialog');
    await dhDialog.waitFor();
    expect(await dhDialog.getByTestId('dead-heat-refusal').innerText()).toMatch(/do not share a published time \(motorsport: to the nearest 1\/1000 s\)/);
    await screenshot(app, '21-dead-heat-refused');
    await page.keyboard.press('Escape');

    // Re-read: both at the same column. Declared, then withdrawn from the keyboard (W) with a reason.
    await markAt(page, b, col(a));
    await rowOf(a).getByTestId('dead-heat-pick').check();
    await rowOf(b).getByTestId('dead-heat-pick').check();
    await page.keyboard.press('Shift+D');
    await dhDialog.waitFor();
    await dhDialog.getByRole('button', { name: /^Declare dead heat for place 1/ }).click();
    await rowOf(b).locator('.badge.dh').waitFor();
    await rowOf(a).click();
    await page.getByTestId('composite').hover();
    await page.keyboard.press('Shift+W');
    const withdraw = page.getByTestId('withdraw-dead-heat-dialog');
    await withdraw.waitFor();
    expect(await withdraw.getByTestId('withdraw-summary').innerText()).toContain(`#${a} and #${b}`);
    await withdraw.locator('input[name="reason"]').fill('photo re-read');
    await screenshot(app, '22-withdraw-dead-heat');
    await withdraw.getByTestId('confirm-withdraw').click();
    await expect.poll(() => rowOf(a).locator('.badge.dh').count()).toBe(0);
    const withdrawn = (await app.running.service.getRace({ raceId })).withdrawnDeadHeats;
    expect(withdrawn).toEqual([expect.objectContaining({ competitors: [a, b], by: OFFICIAL, reason: 'photo re-read' })]);
    await expect.poll(() => page.getByTestId('results-checks').innerText()).toContain('was withdrawn by Pat Judge: photo re-read');

    // The third car finished but is disqualified (the rule, from the row's menu); the fourth did not start.
    await markAt(page, c, col(c));
    await page.locator(`[data-testid="start-list"] li[data-competitor="${c}"] [data-testid="status-menu"]`).selectOption('DQ');
    const status = page.getByTestId('status-dialog');
    await status.waitFor();
    expect(await status.locator('input[value="DQ"]').isChecked()).toBe(true);
    expect(await status.locator('input[value="DNF"]').isDisabled()).toBe(true);
    await status.locator('input[name="rule"]').fill('Art. 12.4');
    await status.locator('input[name="reason"]').fill('avoidable contact');
    await screenshot(app, '23-status-dq');
    await status.getByTestId('save-status').click();
    await rowOf(c).and(page.locator('[data-status="DQ"]')).waitFor();
    expect(await rowOf(c).innerText()).toMatch(/DQ\s+\S+\s+.*0\.2\d\d\s+rule Art\. 12\.4 · avoidable contact · by Pat Judge/);

    // Certification waits for the fourth car; its DNS from the menu lets it through.
    await page.getByTestId('certify').click();
    const certify = page.getByTestId('certify-dialog');
    await certify.waitFor();
    expect(await certify.getByTestId('certify-checks').innerText()).toContain(`competitor #${d} has neither a mark nor a status`);
    expect(await certify.getByRole('button', { name: /^Certify/ }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator(`[data-testid="start-list"] li[data-competitor="${d}"] [data-testid="status-menu"]`).selectOption('DNS');
    await rowOf(d).and(page.locator('[data-status="DNS"]')).waitFor();
    await screenshot(app, '24-statuses');
    await page.getByTestId('certify').click();
    await certify.waitFor();
    expect(await certify.getByTestId('certify-others').innerText()).toBe(`Not placed: #${c} DQ (Art. 12.4), #${d} DNS.`);
    await screenshot(app, '25-certify-with-checks');
    await certify.getByRole('button', { name: /^Certify 2 results/ }).click();
    await page.getByTestId('certified-banner').waitFor();

    expect(errors).toEqual([]);
  }, 120_000);
});
