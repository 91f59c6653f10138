/**
 * The Meet screen in browser mode: "Open a meet" on the start screen, the schedule with each race's state, "Next
 * race" opening set-up filled from the schedule (name, folder in the meet, lynx.evt and its event), the build, and
 * the schedule showing the race built; a start-list change that would drop a marked competitor is shown.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli-capture.js';
import { chromiumMissing } from '../helpers/browser.js';
import { EVT, makeMeetFixture, type MeetFixture } from '../helpers/meet-fixture.js';
import { rendererMissing, repoRoot, startE2eApp, type E2eApp } from './harness.js';

const skip = chromiumMissing() ?? rendererMissing();
const artifacts = path.join(repoRoot, 'test-artifacts/i23-meet');

describe.skipIf(skip !== null)('the Meet screen', () => {
  let app: E2eApp;
  let m: MeetFixture;
    beforeAll(async () => {
    m = await makeMeetFixture();
    expect((await runCli(['meet', 'init', m.meetDir, '--input', m.input, '--output', m.output, '--by', 'Referee'])).code).toBe(0);
    const b = await runCli(['build', m.frames, '--meet', m.meetDir, '--event', '12-1-3', '--fps', '100', '--sport', 'athletics']);
    expect(b.code, b.err).toBe(0);
    expect((await runCli(['mark', path.join(m.meetDir, 'races', '012-1-03'), '--competitor', '8', '--time', '10.5', '--typed', '--by', 'Judge'])).code).toBe(0);
    await m.writeInput('lynx.evt', EVT.replace(',8,4,Ødegård,Björn,Bergen\r\n', ''));
    app = await startE2eApp({ dataDir: path.join(m.root, 'data'), width: 1280, height: 900 });
    await mkdir(artifacts, { recursive: true });
  });
  afterAll(async () => {
    await app?.close();
    await m?.cleanup();
  });

  it('lists the schedule, sets up the next race from it and builds it into the meet', async () => {
    const { page, errors } = app.browser;
    await page.goto(app.bridge.url);
    await page.getByTestId('meet-path').fill(m.meetDir);
    await page.getByTestId('open-meet').click();
    await page.getByTestId('meet-races').waitFor();
    const states = async () => page.$$eval('[data-testid="meet-races"] tbody tr', (rows) => rows.map((r) => (r as unknown as { dataset: { state: string } }).dataset.state));
    expect(await states()).toEqual(['marked', 'scheduled', 'scheduled']);
    expect(await page.getByTestId('meet-refused').textContent()).toContain("012-1-03: the meet's new start list leaves out 8 (mark)");
    expect(await page.getByTestId('board-address').textContent()).toContain('/board#token=');
    await page.screenshot({ path: path.join(artifacts, 'meet-screen.png') });
    // The meet software rewrites lynx.evt while the app runs: the watcher tries it, and the official is told.
    await m.writeInput('lynx.evt', `${EVT.replace(',8,4,Ødegård,Björn,Bergen\r\n', '')}\r\n,10,6,Late,Entry,Club\r\n`);
    await page.getByTestId('notice').filter({ hasText: 'leaves out 8 (mark)' }).waitFor({ timeout: 10_000 });

    expect(await page.getByTestId('next-race').textContent()).toBe('Next race: 005-1-01 Women 200m Heat 1');
    await page.getByTestId('next-race').click();
    await page.getByTestId('meet-source').fill(m.frames);
    await page.getByTestId('meet-setup').getByRole('button', { name: 'Set up' }).click();
    await page.locator('input[name="name"]').waitFor();
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Women 200m Heat 1');
    expect(await page.locator('input[name="out"]').inputValue()).toBe(path.join(m.meetDir, 'races', '005-1-01'));
    expect(await page.locator('select[name="startListEvent"]').inputValue()).toBe('5-1-1');
    await page.screenshot({ path: path.join(artifacts, 'meet-setup.png'), fullPage: true });
    await page.locator('input[name="fps"]').fill('100');
    await page.getByTestId('build').click();
    await page.getByTestId('race-name').waitFor({ timeout: 60_000 });
    const race = JSON.parse(await readFile(path.join(m.meetDir, 'races', '005-1-01', 'race.json'), 'utf8'));
    expect(race.event).toMatchObject({ number: 5, round: 1, heat: 1, name: 'Women 200m Heat 1' });
    expect(race.competitors.map((c: { name: string }) => c.name)).toEqual(['Zoë Brontë', 'Inés Núñez']);
    expect(errors).toEqual([]);
  });

  it('fills the camera set-up from the schedule too', async () => {
    const { page } = app.browser;
    await page.goto('about:blank'); // the address differs only in its fragment: load the app afresh
    await page.goto(app.bridge.url);
    await page.getByTestId('meet-path').fill(m.meetDir);
    await page.getByTestId('open-meet').click();
    await page.getByTestId('meet-races').waitFor();
    expect(await page.getByTestId('next-race').textContent()).toBe('Next race: 007-2-01 Men 400m Semi 1');
    await page.getByTestId('next-race').click();
    await page.getByTestId('meet-camera').click();
    await page.locator('input[name="name"]').waitFor();
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Men 400m Semi 1');
    expect(await page.locator('input[name="out"]').inputValue()).toBe(path.join(m.meetDir, 'races', '007-2-01'));
  });
});
