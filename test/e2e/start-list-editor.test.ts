/**
 * Issue 22 item 4, in real Chromium on the demo race: start lists in the app. The table adds, edits and removes
 * competitors, takes rows pasted from a spreadsheet (tab-separated, header recognised), and imports a file after a
 * preview of what it changes; every save is one audit entry in the official's name.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { rendererMissing, screenshot, startE2eApp, type E2eApp, openWorkspace } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
if (skip) console.warn(`e2e start-list-editor skipped: ${skip}`);

const OFFICIAL = 'Lee Clerk';

describe.skipIf(skip !== null)('start lists edited in the app (demo race)', () => {
  let app: E2eApp;
  let raceId: string;
  beforeAll(async () => {
    app = await startE2eApp({ startup: { kind: 'demo' }, colorScheme: 'dark' });
    raceId = (await app.running.service.openDemoRace({})).raceId;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('adds, edits, removes and pastes competitors, then imports a file after its preview', async () => {
    const { page, errors } = app.browser;
    await openWorkspace(app, OFFICIAL);

    await page.getByTestId('edit-start-list').click();
    const dialog = page.getByTestId('start-list-dialog');
    await dialog.waitFor();
    // Motorsport's columns; the first field has focus.
    expect(await dialog.locator('thead th').allInnerTexts()).toEqual(['No.', 'Name', 'Team', 'Lane', 'Remove']);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }).document.activeElement.getAttribute('name'))).toBe('id-0');
    // Edit #24's name, remove #48, add #99.
    await dialog.getByLabel('Name, row 1').fill('Dana Whitfield-Ross');
    await dialog.getByRole('button', { name: 'Remove row 4 (#48)' }).click();
    await dialog.getByTestId('add-competitor').click();
    await dialog.getByLabel('No., row 4').fill('99');
    await dialog.getByLabel('Name, row 4').fill('Sam Newcomer');
    await dialog.getByLabel('Team, row 4').fill('Late Entry Racing');
    // Paste two rows from a spreadsheet: one new (#7), one replacing #17's team.
    await dialog.getByLabel('Name, row 2').focus();
    await page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { activeElement: { dispatchEvent(e: unknown): void } };
        DataTransfer: new () => { setData(t: string, v: string): void };
        ClipboardEvent: new (type: string, init: object) => unknown;
      };
      const dt = new g.DataTransfer();
      dt.setData('text/plain', 'Car\tDriver\tTeam\n7\tAlex Paste\tClipboard GP\n17\tChris Bellamy\tSummit Works\n');
      g.document.activeElement.dispatchEvent(new g.ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(5);
    await screenshot(app, '../i22-raceday/start-list-editor');
    const before = (await app.running.service.getRace({ raceId })).auditCount;
    await dialog.getByTestId('save-start-list').click();
    await expect.poll(() => dialog.count()).toBe(0);

    const view = await app.running.service.getRace({ raceId });
    expect(view.auditCount).toBe(before + 1);
    expect(view.competitors.map((c) => [c.id, c.name, c.team])).toEqual([
      ['24', 'Dana Whitfield-Ross', 'Ridgeline Motorsports'],
      ['5', 'Kyle Marsh', 'Hollister Racing'],
      ['17', 'Chris Bellamy', 'Summit Works'],
      ['99', 'Sam Newcomer', 'Late Entry Racing'],
      ['7', 'Alex Paste', 'Clipboard GP'],
    ]);
    const audit = await app.running.service.getAudit({ raceId });
    expect(audit[audit.length - 1]).toMatchObject({ action: 'start-list.edited', actor: OFFICIAL });
    await expect.poll(() => page.locator('[data-testid="start-list"] li').count()).toBe(5);

    // Import a file: the preview says what changes; nothing is recorded until Import.
    const file = path.join(app.dataDir, 'new-list.csv');
    await writeFile(file, 'id,name,team,lane\n24,Dana Whitfield-Ross,Ridgeline Motorsports,1\n5,Kyle Marsh,Hollister Racing,2\n17,Chris Bellamy,Summit Performance,3\n61,Jo Import,File Racing,5\n');
    await page.getByTestId('edit-start-list').click();
    await dialog.waitFor();
    await dialog.locator('input[name="startList"]').fill(file);
    await dialog.getByTestId('preview-import').click();
    const preview = dialog.getByTestId('import-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('1 added, 1 changed, 2 removed, 2 unchanged.');
    expect(await preview.innerText()).toContain('+ #61 Jo Import');
    expect(await preview.innerText()).toContain('~ #17 team');
    expect((await app.running.service.getRace({ raceId })).auditCount).toBe(before + 1);
    await screenshot(app, '../i22-raceday/start-list-import-preview');
    await dialog.getByTestId('confirm-import').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await app.running.service.getRace({ raceId })).competitors.map((c) => c.id)).toEqual(['24', '5', '17', '61']);
    expect(errors).toEqual([]);
  });
});
