/**
 * `export` and the FinishLynx .lif (issue 20): no event number invented. `event --name "2026 County Champs 100m"`
 * without `--number` gave a header starting `2026,1,1`; now `--lif` is refused naming the fix, the default set is
 * written without the .lif (saying why), and `results --json` `checks` warns `event-number-missing`.
 * `--lif-precision 0.001` writes thousandths.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCp1252 } from '../../../../app/domain/text/cp1252.js';
import { runCli } from '../../../fixtures/cli-capture.js';
import { makeRaceFixture, type RaceFixture } from '../../../helpers/race-fixture.js';

let f: RaceFixture;
beforeAll(async () => {
  f = await makeRaceFixture({ sport: 'athletics' });
  await runCli(['mark', f.dir, '--competitor', '1', '--column', '2.5', '--by', 'J']);
  await runCli(['mark', f.dir, '--competitor', '2', '--column', '3.2', '--by', 'J']);
  await runCli(['mark', f.dir, '--competitor', '3', '--time', '12.431', '--hand', '--by', 'J']);
  await runCli(['event', f.dir, '--name', '2026 County Champs 100m', '--time-of-day', '14:05:30', '--by', 'Clerk']);
});
afterAll(async () => f.cleanup());

describe('export --lif without an event number', () => {
  it('is refused, naming the fix; results --json warns event-number-missing', async () => {
    const lif = path.join(path.dirname(f.dir), 'x.lif');
    const r = await runCli(['export', f.dir, '--lif', lif]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "photofinish export: Test heat: the FinishLynx .lif needs the event's number, the key meet-management software files the result under, and the race has none; give it with photofinish event RACE --number N (the meet software's event number) --by NAME",
    );
    await expect(fs.stat(lif)).rejects.toThrow();
    const checks = JSON.parse((await runCli(['results', f.dir, '--json'])).out).checks;
    expect(checks.find((c: { code: string }) => c.code === 'event-number-missing')).toMatchObject({ severity: 'warning' });
  });

  it('leaves the .lif out of the default set and says so', async () => {
    const dir = path.join(path.dirname(f.dir), 'out-default');
    await fs.mkdir(dir);
    const r = await runCli(['export', f.dir, '--dir', dir]);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').map((p) => path.extname(p))).toEqual(['.pdf', '.csv', '.json', '.png']);
    expect(r.err).toMatch(/^not written: the \.lif: Test heat: the FinishLynx \.lif needs the event's number.*; give it with photofinish event RACE --number N/);
  });
});

describe('a lynx.evt event line', () => {
  it("fills the race event's distance_m from its distance field, and the .lif header carries it", async () => {
    const g = await makeRaceFixture({ sport: 'athletics' });
    try {
      const evt = path.join(path.dirname(g.dir), 'lynx.evt');
      await fs.writeFile(evt, '12,1,3,Men 100m Final,,,,,,100\r\n,1,1,Able,Ann,Club A\r\n,2,2,Best,Bea,Club B\r\n');
      expect((await runCli(['start-list', g.dir, evt, '--by', 'Clerk'])).code).toBe(0);
      expect(JSON.parse((await runCli(['info', g.dir, '--json'])).out).event).toMatchObject({ number: 12, round: 1, heat: 3, distance_m: 100 });
      const lif = path.join(path.dirname(g.dir), 'g.lif');
      expect((await runCli(['export', g.dir, '--lif', lif])).code).toBe(0);
      expect(decodeCp1252(await fs.readFile(lif)).split('\r\n')[0]).toBe('12,1,3,Men 100m Final,,,,,,100,');
    } finally {
      await g.cleanup();
    }
  });
});

describe('export --lif with the event number', () => {
  it('writes the header FinishLynx writes and plain-second times at the precision asked', async () => {
    await runCli(['event', f.dir, '--number', '12', '--by', 'Clerk']);
    const checks = JSON.parse((await runCli(['results', f.dir, '--json'])).out).checks;
    expect(checks.map((c: { code: string }) => c.code)).not.toContain('event-number-missing');
    const lif = path.join(path.dirname(f.dir), 'e.lif');
    expect((await runCli(['export', f.dir, '--lif', lif, '--lif-precision', '0.001'])).code).toBe(0);
    const lines = decodeCp1252(await fs.readFile(lif)).split('\r\n');
    expect(lines[0]).toBe('12,1,1,2026 County Champs 100m,,,,,,,14:05:30.000');
    // Times on the footage clock (no start set): column 2.5 is 10.0025 s, rounded up to the thousandth.
    expect(lines[1]?.split(',').slice(0, 2).concat(lines[1]?.split(',')[6] ?? '')).toEqual(['1', '1', '10.003']);
    // The hand time: 12.5 in the time field, never "12.5h".
    const hand = lines.find((l) => l.split(',')[1] === '3') as string;
    expect(hand.split(',')[6]).toBe('12.5');
    expect(decodeCp1252(await fs.readFile(lif))).not.toMatch(/\dh[,\r]/);
    expect((await runCli(['export', f.dir, '--lif', lif, '--lif-precision', '0.1', '--force'])).err).toBe('photofinish export: --lif-precision must be 0.01 or 0.001, got "0.1"');
    expect((await runCli(['export', f.dir, '--lif', lif, '--force'])).code).toBe(0);
    expect(decodeCp1252(await fs.readFile(lif)).split('\r\n')[1]?.split(',')[6]).toBe('10.01');
  });
});
