/**
 * Leading-edge suggestions and dead heats in real Chromium through the HTTP bridge, on the demo race: suggest edges
 * (ghost hairlines drawn), accept one from the toolbar and one from the keyboard (A at the hairline), see the
 * results flag them as suggested with the detected sub-frame times; then see a dead heat between the two refused (a
 * thousandth apart), re-read the second at the first's time, declare it and see them share first place with the
 * DH badge, and the declaration refused once the race is certified.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeSuggestion } from '../../app/api/types.js';
import type { DemoTruth } from '../../app/demo/render-demo.js';
import { chromiumMissing } from '../helpers/browser.js';
import { aimAt, ghostPixelsAt, rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e suggestions skipped: ${skip}`);

const OFFICIAL = 'Sam Steward';

describe.skipIf(skip !== null)('suggested edges and dead heats on the demo race', () => {
  let app: E2eApp;
  let truth: DemoTruth;
  let edges: EdgeSuggestion[];
  let rows: number;
  let raceId: string;

  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'dark' });
    // The demo (and its ground truth) is rendered into this run's data folder on first open.
    const demo = await app.running.service.openDemoRace({});
    rows = demo.evidence.rows;
    raceId = demo.raceId;
    truth = JSON.parse(await readFile(path.join(path.dirname(demo.evidence.source.path), 'truth.json'), 'utf8')) as DemoTruth;
    edges = (await app.running.service.detectEdges({ raceId: demo.raceId })).edges;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('accepts suggested edges for two cars, then declares a dead heat between them', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('official').fill(OFFICIAL);
    await page.getByTestId('official').press('Enter');

    // The two leading cars and the suggestions that belong to them (same rows of the finish line).
    const [firstId, secondId] = truth.order as [string, string];
    const carOf = (id: string) => truth.cars.find((c) => c.id === id)!;
    const edgeOf = (id: string) => edges.find((e) => e.rows[0] <= carOf(id).rows[1] && e.rows[1] >= carOf(id).rows[0])!;
    const [e1, e2] = [edgeOf(firstId), edgeOf(secondId)];
    expect(e1 && e2 && e1.index !== e2.index).toBe(true);

    // Stored with the evidence, the suggestions are on screen as the race opens: ghost hairlines over each car's rows.
    const choice = page.getByTestId('suggestion-choice');
    await choice.waitFor();
    expect(await choice.locator('option').count()).toBe(edges.length);
    await aimAt(page, (e1.column + e2.column) / 2);
    await expect.poll(() => ghostPixelsAt(page, e1.column, e1.rows, rows)).toBeGreaterThan(10);
    expect(await ghostPixelsAt(page, e2.column, e2.rows, rows)).toBeGreaterThan(10);
    // Each option names the suggestion, its time and its uncertainty.
    expect(await choice.locator('option').nth(e1.index).innerText()).toMatch(new RegExp(`^S${e1.index + 1} 0\\.20\\d+ s ±\\d+(\\.\\d)? µs`));

    // Accept the first car's edge from the toolbar: choosing it in the list marks nothing until Accept.
    await page.locator(`[data-testid="start-list"] li[data-competitor="${firstId}"]`).click();
    await choice.selectOption(String(e1.index));
    expect(await page.locator('[data-testid="results-table"] .badge.sugg').count()).toBe(0);
    await page.getByTestId('accept-suggestion').click();
    const row1 = page.locator(`[data-testid="results-table"] tr[data-competitor="${firstId}"]`);
    await row1.locator('.badge.sugg').waitFor();
    expect(await row1.locator('.badge.sugg').innerText()).toBe(`accepted (S${e1.index + 1})`);
    expect(await row1.locator('.badge.sugg').getAttribute('title')).toContain(`accepted by ${OFFICIAL}`);
    expect(await row1.locator('[data-time-ns]').getAttribute('data-time-ns')).toBe(e1.time_ns);

    // Accept the second car's edge from the keyboard: type its number, put the hairline on the edge, press A.
    await page.keyboard.type(secondId);
    await page.locator(`[data-testid="start-list"] li[data-competitor="${secondId}"][aria-selected="true"]`).waitFor();
    // A accepts only the ghost line under the hairline, never one elsewhere in the race.
    const away = await aimAt(page, e2.column - 40);
    await page.mouse.move(away.x, away.y);
    await page.keyboard.press('a');
    await expect.poll(() => page.getByTestId('notice').innerText()).toMatch(/No suggested edge within \d+ px of the hairline/);
    const at2 = await aimAt(page, e2.column);
    await page.mouse.move(at2.x, at2.y);
    await page.keyboard.press('a');
    const row2 = page.locator(`[data-testid="results-table"] tr[data-competitor="${secondId}"]`);
    await row2.locator('.badge.sugg').waitFor();
    expect(await row2.locator('[data-time-ns]').getAttribute('data-time-ns')).toBe(e2.time_ns);
    // Sub-frame times within a tenth of a frame interval (0.1 ms at 1000 fps) of the truth, in the right order.
    for (const [id, e] of [[firstId, e1], [secondId, e2]] as const) {
      expect(Math.abs(Number(BigInt(e.time_ns) - BigInt(carOf(id).crossing_ns)))).toBeLessThan(100_000);
    }
    const order = await page.$$eval('[data-testid="results-table"] tbody tr:not(.unplaced)', (trs) =>
      (trs as unknown as { getAttribute(n: string): string | null }[]).map((r) => r.getAttribute('data-competitor')),
    );
    expect(order).toEqual([firstId, secondId]);
    // The accepted ghost lines now name their competitor; the others still offer themselves.
    const view = await app.running.service.getRace({ raceId });
    const m1 = view.marks.find((m) => m.competitorId === firstId)!;
    expect(m1.origin).toBe('suggestion');
    expect(m1.by).toBe(OFFICIAL);
    expect(m1.suggestion?.index).toBe(e1.index);
    await page.mouse.move(at2.x, at2.y + 200);
    await aimAt(page, (e1.column + edges[edges.length - 1]!.column) / 2);
    await page.waitForTimeout(100);
    await screenshot(app, '14-suggestions');

    // Dead heat: tick both finishers (the second by keyboard), Shift+D, confirm naming both and the official.
    await row1.getByTestId('dead-heat-pick').check();
    await row2.getByTestId('dead-heat-pick').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => row2.getByTestId('dead-heat-pick').isChecked()).toBe(true);
    await page.keyboard.press('Shift+D');
    const dialog = page.getByTestId('dead-heat-dialog');
    await dialog.waitFor();
    // A thousandth apart, their published times differ: the dead heat is refused, saying why.
    expect(await dialog.getByTestId('dead-heat-refusal').innerText()).toMatch(/do not share a published time/);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // The officials rule them inseparable on the photo: the second car's hairline goes to the first car's time.
    const auditBefore = (await app.running.service.getRace({ raceId })).auditCount;
    await app.running.service.placeMark({ raceId, competitorId: secondId, timeS: (Number(e1.time_ns) / 1e9).toFixed(9), typed: false, by: OFFICIAL });
    await expect.poll(() => page.getByTestId('saved').innerText()).toContain(`${auditBefore + 1} audit entries`);
    await row1.getByTestId('dead-heat-pick').check();
    await row2.getByTestId('dead-heat-pick').check();
    await page.getByTestId('composite').hover();
    await page.keyboard.press('Shift+D');
    await dialog.waitFor();
    const summary = await dialog.getByTestId('dead-heat-summary').innerText();
    expect(summary).toContain(`#${firstId}`);
    expect(summary).toContain(`#${secondId}`);
    expect(summary).toContain('place 1');
    expect(await dialog.locator('input[name="official"]').inputValue()).toBe(OFFICIAL);
    await screenshot(app, '15-dead-heat-dialog');
    await dialog.getByRole('button', { name: `Declare dead heat for place 1 — ${OFFICIAL}` }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await row2.locator('.badge.dh').waitFor();
    for (const row of [row1, row2]) {
      expect(await row.locator('td.place').innerText()).toBe('1');
      expect(await row.locator('.badge.dh').count()).toBe(1);
    }
    expect(await row1.locator('.badge.sugg').count()).toBe(1);
    expect(await row1.locator('.badge.dh').getAttribute('title')).toContain(`declared by ${OFFICIAL}`);
    await expect.poll(() => page.getByTestId('notice').innerText()).toBe(`Dead heat declared by ${OFFICIAL}: #${firstId} and #${secondId} share place 1.`);
    const recorded = await app.running.service.getRace({ raceId });
    expect(recorded.deadHeats).toEqual([expect.objectContaining({ competitors: [firstId, secondId], by: OFFICIAL })]);
    await screenshot(app, '15-dead-heat');

    // Certified (the other two cars recorded as not finishing): the dead-heat controls are gone and the shortcut
    // says why nothing happens.
    for (const id of truth.order.slice(2)) await app.running.service.setStatus({ raceId, competitorId: id, status: 'DNF', by: OFFICIAL });
    await expect.poll(() => page.locator('[data-testid="results-table"] tr[data-status="DNF"]').count()).toBe(truth.order.length - 2);
    await page.getByTestId('certify').click();
    const certify = page.getByTestId('certify-dialog');
    await certify.waitFor();
    await certify.getByRole('button', { name: /^Certify/ }).click();
    await page.getByTestId('certified-banner').waitFor();
    // Certifying opens the export dialog (the sheet comes next); not wanted here.
    await page.getByTestId('export-dialog').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('dead-heat-pick').count()).toBe(0);
    await page.getByTestId('composite').hover();
    await page.keyboard.press('Shift+D');
    await expect.poll(() => page.getByTestId('notice').innerText()).toMatch(/certified and read-only.*Amend/);
    expect(await page.getByTestId('dead-heat-dialog').count()).toBe(0);
    await screenshot(app, '15-dead-heat-certified');

    expect(errors).toEqual([]);
  }, 60_000);
});
