/**
 * The official's workflow in real Chromium through the HTTP bridge, on the demo race: set the finish line, build
 * (progress seen), mark two cars by clicking their leading edges, check order and margin against the demo's ground
 * truth, nudge a mark from the keyboard, certify (marking then refused), amend with a reason, export. Screenshots
 * of every screen go to test-artifacts/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../app/api/events.js';
import type { DemoTruth } from '../../app/demo/render-demo.js';
import { chromiumMissing } from '../helpers/browser.js';
import { aimAt, rendererMissing, screenshot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e workspace skipped: ${skip}`);

const OFFICIAL = 'Alex Referee';

/** What page-side functions use (they run in Chromium; the Node type-check has no DOM types). */
interface PageElement {
  getAttribute(name: string): string | null;
  querySelector(sel: string): PageElement | null;
  innerText: string;
}
interface PageWindow {
  document: PageElement & { body: unknown };
  MutationObserver: new (cb: () => void) => { observe(target: unknown, opts: object): void };
  __photofinishViewer: { centreOn(c: number): void; zoomToScale(s: number, x?: number): void; screenXOfColumn(c: number): number; viewport: { width: number } };
  __progressSeen: string[];
}



async function resultRows(page: Page): Promise<{ id: string; timeNs: string; behindPreviousS: string; text: string }[]> {
  return page.$$eval('[data-testid="results-table"] tbody tr:not(.unplaced)', (rows) =>
    (rows as unknown as PageElement[]).map((r) => ({
      id: r.getAttribute('data-competitor') ?? '',
      timeNs: r.querySelector('[data-time-ns]')?.getAttribute('data-time-ns') ?? '',
      behindPreviousS: r.querySelector('[data-behind-previous-s]')?.getAttribute('data-behind-previous-s') ?? '',
      text: r.innerText,
    })),
  );
}

async function markOf(page: Page, id: string, expectChange?: string): Promise<string> {
  if (expectChange !== undefined) {
    await page.waitForFunction(
      ([cid, old]) => {
        const el = (globalThis as unknown as PageWindow).document.querySelector(`[data-testid="results-table"] tr[data-competitor="${cid}"] [data-time-ns]`);
        return el !== null && el.getAttribute('data-time-ns') !== old && el.getAttribute('data-time-ns') !== '';
      },
      [id, expectChange] as const,
    );
  }
  return (await page.locator(`[data-testid="results-table"] tr[data-competitor="${id}"] [data-time-ns]`).getAttribute('data-time-ns')) ?? '';
}

describe.skipIf(skip !== null)('read and mark the demo race in Chromium', () => {
  let app: E2eApp;
  let truth: DemoTruth;
  let sourceDir: string;
  const events: ApiEvent[] = [];

  beforeAll(async () => {
    app = await startE2eApp({ colorScheme: 'dark' });
    app.running.subscribe((e) => events.push(e));
    // The demo footage (and its ground truth) is rendered into this run's data folder on first open.
    const demo = await app.running.service.openDemoRace({});
    sourceDir = path.dirname(demo.evidence.source.path);
    truth = JSON.parse(await readFile(path.join(sourceDir, 'truth.json'), 'utf8')) as DemoTruth;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('runs start → set-up → build → mark → nudge → certify → amend → export', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);

    // Start screen.
    await page.getByTestId('start-screen').waitFor();
    await page.getByTestId('official').fill(OFFICIAL);
    await screenshot(app, '00-start');

    // Set-up: open the demo's frames folder by path (browser mode has no native dialog).
    await page.getByLabel('Frames folder').check();
    await page.getByTestId('open-path').fill(path.join(sourceDir, 'frames'));
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByTestId('setup-screen').waitFor();
    const editor = page.getByTestId('line-editor');
    await editor.waitFor();
    await expect.poll(() => page.getByTestId('measured-rate').innerText()).toMatch(/Measured: 1000\.000 frames\/s|no times of its own/);

    // Set the line: drag both ends onto column x = truth.line.x (Shift keeps it vertical), then fine-tune by keys.
    const lineX = truth.line.kind === 'column' ? truth.line.x : Math.round(truth.line.x1);
    const box = (await editor.boundingBox())!;
    const imgW = 480;
    const imgH = 270;
    const toPage = (x: number, y: number) => ({ x: box.x + ((x + 0.5) / imgW) * box.width, y: box.y + ((y + 0.5) / imgH) * box.height });
    const h1 = (await page.getByTestId('line-end-1').locator('.handle-dot').boundingBox())!;
    await page.mouse.move(h1.x + h1.width / 2, h1.y + h1.height / 2);
    await page.mouse.down();
    const top = toPage(lineX, 0);
    await page.mouse.move(top.x, top.y + 3, { steps: 8 });
    await page.mouse.up();
    const h2 = (await page.getByTestId('line-end-2').locator('.handle-dot').boundingBox())!;
    await page.mouse.move(h2.x + h2.width / 2, h2.y + h2.height / 2);
    await page.mouse.down();
    const bottom = toPage(lineX, imgH - 1);
    await page.keyboard.down('Shift');
    await page.mouse.move(bottom.x + 2, bottom.y, { steps: 8 });
    await page.keyboard.up('Shift');
    await page.mouse.up();
    for (const which of [1, 2] as const) {
      const handle = page.getByTestId(`line-end-${which}`);
      for (let i = 0; i < 20; i++) {
        const label = (await handle.getAttribute('aria-label')) ?? '';
        const m = /x (\d+), y (\d+)/.exec(label)!;
        const [x, y] = [Number(m[1]), Number(m[2])];
        const wantY = which === 1 ? 0 : imgH - 1;
        if (x === lineX && y === wantY) break;
        await handle.focus();
        await page.keyboard.press(x < lineX ? 'ArrowRight' : x > lineX ? 'ArrowLeft' : y < wantY ? 'ArrowDown' : 'ArrowUp');
      }
    }
    await expect.poll(() => page.getByTestId('setup-screen').innerText()).toContain(`exact pixel column ${lineX}`);

    await page.getByLabel('Timestamps file').check();
    await page.locator('input[name="timestamps"]').fill(path.join(sourceDir, 'timestamps.csv'));
    await page.locator('input[name="startList"]').fill(path.join(sourceDir, 'start-list.csv'));
    await page.locator('input[name="name"]').fill('E2E heat 1');
    // The event: printed as the sheet's title and in the export names; set with the race.
    await page.locator('input[name="event-name"]').fill('Cup Final');
    await page.locator('input[name="event-round"]').fill('1');
    await page.locator('input[name="event-heat"]').fill('3');
    await page.locator('input[name="out"]').fill(path.join(app.dataDir, 'e2e-race'));
    // The demo's cars cross the picture left to right: show time running ← so they face forward.
    await page.locator('select[name="travel"]').selectOption('left-to-right');
    await screenshot(app, '02-setup');

    // Build: record every value the progress bar shows, however fast the build is.
    await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      const seen: string[] = [];
      w.__progressSeen = seen;
      new w.MutationObserver(() => {
        const bar = w.document.querySelector('[data-testid="build-progress"]');
        if (bar) seen.push(bar.getAttribute('aria-valuenow') ?? '');
      }).observe(w.document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByTestId('build').click();
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 120_000 });
    const progressSeen = await page.evaluate(() => (globalThis as unknown as PageWindow).__progressSeen);
    expect(progressSeen.length).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'job-progress')).toBe(true);
    expect(await page.getByTestId('race-name').innerText()).toBe('E2E heat 1');
    await expect.poll(() => page.getByTestId('event-button').innerText()).toBe('Cup Final, round 1, heat 3');
    await page.getByRole('button', { name: 'Time runs ←' }).waitFor();
    await screenshot(app, '03-workspace-built');

    // Mark the two leading cars by clicking their leading edges at 16 px/column.
    const [firstId, secondId] = truth.order as [string, string];
    for (const id of [firstId, secondId]) {
      const car = truth.cars.find((c) => c.id === id)!;
      await page.locator(`[data-testid="start-list"] li[data-competitor="${id}"]`).click();
      const at = await aimAt(page, car.expected_column, 1 / 3);
      await page.mouse.move(at.x, at.y);
      await page.mouse.click(at.x, at.y);
      await markOf(page, id, '');
    }
    const rows = await resultRows(page);
    expect(rows.map((r) => r.id)).toEqual([firstId, secondId]);
    const truthMargin = Number(truth.margins[0]!.margin_s);
    const readMargin = Number(BigInt(rows[1]!.timeNs) - BigInt(rows[0]!.timeNs)) / 1e9;
    // Each click lands within 0.05 column (0.05 ms) of the true edge: the margin within 0.1 ms of the truth.
    expect(Math.abs(readMargin - truthMargin)).toBeLessThanOrEqual(0.0001 + 1e-9);
    for (const r of rows) {
      const car = truth.cars.find((c) => c.id === r.id)!;
      expect(Math.abs(Number(BigInt(r.timeNs) - BigInt(car.crossing_ns)))).toBeLessThanOrEqual(60_000);
    }
    expect(rows[1]!.text).toMatch(/\+0\.00[01]/);
    await screenshot(app, '04-two-marks');

    // Nudge the second car's mark (selected again: after a mark the selection moves on to the next competitor).
    // Time runs ← here, so ← moves it later: +0.1 column = +0.1 ms at 1000 fps; Shift+← is +1 column = +1 ms.
    await page.locator(`[data-testid="start-list"] li[data-competitor="${secondId}"]`).click();
    await page.getByTestId('composite').hover();
    const before = await markOf(page, secondId);
    await page.keyboard.press('ArrowLeft');
    const afterTenth = await markOf(page, secondId, before);
    expect(BigInt(afterTenth) - BigInt(before)).toBe(100_000n);
    await page.keyboard.press('Shift+ArrowLeft');
    const afterOne = await markOf(page, secondId, afterTenth);
    expect(BigInt(afterOne) - BigInt(afterTenth)).toBe(1_000_000n);
    // Undo both nudges from the keyboard.
    await page.keyboard.press('Control+z');
    await markOf(page, secondId, afterOne);
    await page.keyboard.press('Control+z');
    expect(await markOf(page, secondId, afterTenth)).toBe(before);

    // Typing a number selects that competitor.
    const typedId = truth.order[3]!;
    await page.keyboard.type(typedId);
    await page.locator(`[data-testid="start-list"] li[data-competitor="${typedId}"][aria-selected="true"]`).waitFor();

    // Help overlay.
    await page.keyboard.press('?');
    await page.getByTestId('help').waitFor();
    await screenshot(app, '05-help');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('help').count()).toBe(0);

    // Certify waits while two cars have neither a mark nor a status: the dialog says so and offers no Certify.
    await page.getByTestId('certify').click();
    const dialog = page.getByTestId('certify-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('certify-checks').innerText()).toContain(`#${truth.order[2]}, #${truth.order[3]} have neither a mark nor a status`);
    expect(await dialog.getByRole('button', { name: /^Certify/ }).isDisabled()).toBe(true);
    await screenshot(app, '06-certify-refused');
    await page.keyboard.press('Escape');
    // The third car did not finish, the fourth did not start: each from its start-list row's status menu.
    for (const [id, status] of [[truth.order[2]!, 'DNF'], [truth.order[3]!, 'DNS']] as const) {
      await page.locator(`[data-testid="start-list"] li[data-competitor="${id}"] [data-testid="status-menu"]`).selectOption(status);
      await page.locator(`[data-testid="results-table"] tr[data-competitor="${id}"][data-status="${status}"]`).waitFor();
    }
    await page.getByTestId('certify').click();
    await dialog.waitFor();
    expect(await dialog.getByTestId('certify-others').innerText()).toContain(`#${truth.order[2]} DNF, #${truth.order[3]} DNS`);
    await screenshot(app, '06-certify-dialog');
    await dialog.locator('input[name="official"]').fill(OFFICIAL);
    await dialog.getByRole('button', { name: /^Certify/ }).click();
    await page.getByTestId('certified-banner').waitFor();
    // Certifying opens the export dialog (the sheet comes next); not wanted here.
    await page.getByTestId('export-dialog').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('certified-banner').innerText()).toContain(OFFICIAL);

    // Marking is refused: clicking a third car's edge says why and changes nothing.
    const third = truth.cars.find((c) => c.id === truth.order[2])!;
    await page.locator(`[data-testid="start-list"] li[data-competitor="${third.id}"]`).click();
    const at3 = await aimAt(page, third.expected_column, 1 / 3);
    await page.mouse.click(at3.x, at3.y);
    await expect.poll(() => page.getByTestId('notice').innerText()).toMatch(/certified and read-only/);
    expect((await resultRows(page)).map((r) => r.id)).toEqual([firstId, secondId]);
    // ...and the engine itself refuses, whoever asks.
    const open = await app.running.service.openRace({ path: path.join(app.dataDir, 'e2e-race') });
    await expect(
      app.running.service.placeMark({ raceId: open.raceId, competitorId: third.id, column: third.expected_column, by: OFFICIAL }),
    ).rejects.toThrow(/certif/i);
    await screenshot(app, '07-certified');

    // Amend with a reason: the race opens for changes as a new revision.
    await page.getByTestId('amend').click();
    const amend = page.getByTestId('amend-dialog');
    await amend.waitFor();
    await amend.locator('textarea[name="reason"]').fill('Protest from car 17 reviewed on the source frames');
    await screenshot(app, '08-amend-dialog');
    await amend.getByRole('button', { name: 'Amend' }).click();
    await expect.poll(() => page.getByTestId('certified-banner').count()).toBe(0);
    await expect.poll(() => page.locator('.banner.amended').innerText()).toContain('Protest from car 17');
    // After the amendment the race takes changes again: key in a time for the last car (flagged as typed).
    const last = truth.cars.find((c) => c.id === truth.order[3])!;
    // It started after all: its DNS is cleared from the status menu before its time is keyed in.
    await page.locator(`[data-testid="start-list"] li[data-competitor="${last.id}"] [data-testid="status-menu"]`).selectOption('');
    await page.locator(`[data-testid="results-table"] tr[data-competitor="${last.id}"][data-status="unmarked"]`).waitFor();
    await page.locator(`[data-testid="start-list"] li[data-competitor="${last.id}"]`).click();
    await page.getByRole('button', { name: `Type a time for #${last.id}…` }).click();
    await page.getByLabel(`Time for #${last.id} in seconds`).fill(last.crossing_s);
    await page.getByRole('button', { name: 'Set typed time' }).click();
    const typedRow = page.locator(`[data-testid="results-table"] tr[data-competitor="${last.id}"]`);
    await typedRow.locator('.badge.typed').waitFor();
    expect(await typedRow.locator('[data-time-ns]').getAttribute('data-time-ns')).toBe(last.crossing_ns);
    await screenshot(app, '09-amended');

    // Export: the saved paths are shown.
    await page.getByTestId('export').click();
    const exp = page.getByTestId('export-dialog');
    await exp.waitFor();
    await exp.getByRole('button', { name: 'Export' }).click();
    await exp.getByTestId('export-result').waitFor({ timeout: 60_000 });
    expect(await exp.getByTestId('export-result').innerText()).toMatch(/\.pdf/);
    await screenshot(app, '10-export');
    await page.keyboard.press('Escape');

    // The light theme, for the record (the browser prefers dark: system → light is one press).
    await page.keyboard.press('t');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { dataset: { theme?: string } } } }).document.documentElement.dataset.theme)).toBe('light');
    await screenshot(app, '11-workspace-light');

    expect(errors).toEqual([]);
  });
});
