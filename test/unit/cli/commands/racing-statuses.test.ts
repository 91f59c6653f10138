/**
 * Racing statuses (issue 20): horse racing PU, F, UR, BD, RO, SU and non-runner; greyhounds fell and disqualified;
 * each with its own word on the sheet and its code in the .lif place column (`status --code PU`), from one list
 * every face reads. DNS, DNF and DQ are unchanged; a racing status is refused in a sport it does not belong to.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCp1252 } from '../../../../app/domain/text/cp1252.js';
import { STATUS_KINDS, statusesFor } from '../../../../app/domain/race/status.js';
import { runCli } from '../../../fixtures/cli-capture.js';
import { pdfText } from '../../../helpers/export-poppler.js';
import { makeRaceFixture, type RaceFixture } from '../../../helpers/race-fixture.js';

const HORSES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((id) => ({ id, name: `Horse ${id}` }));
let f: RaceFixture | null = null;
afterEach(async () => {
  await f?.cleanup();
  f = null;
});

describe('status --code', () => {
  it('records PU, F, UR, BD, RO, SU and NR in horse racing: the word on the sheet, the code in the .lif place column', async () => {
    f = await makeRaceFixture({ sport: 'horse', competitors: HORSES });
    await runCli(['mark', f.dir, '--competitor', '1', '--column', '2.5', '--by', 'Judge']);
    await runCli(['mark', f.dir, '--competitor', '2', '--column', '4.5', '--by', 'Judge']);
    const codes = ['PU', 'F', 'UR', 'BD', 'RO', 'SU', 'NR'];
    for (const [i, code] of codes.entries()) {
      const r = await runCli(['status', f.dir, '--competitor', String(i + 3), '--code', code.toLowerCase(), '--by', 'Judge']);
      expect(r.err).toBe('');
      expect(r.out).toContain(`: ${code}, ${STATUS_KINDS.find((k) => k.code === code)?.word}; by Judge`);
    }
    const results = JSON.parse((await runCli(['results', f.dir, '--json'])).out);
    // Those who started and did not complete first, the non-runner last (as DNS).
    expect(results.others.map((o: { competitor: string; status: string }) => `${o.competitor}:${o.status}`)).toEqual(['3:PU', '4:F', '5:UR', '6:BD', '7:RO', '8:SU', '9:NR']);
    await runCli(['event', f.dir, '--number', '4', '--name', 'Maiden Stakes', '--by', 'Clerk']);
    const lif = path.join(path.dirname(f.dir), 'r.lif');
    const pdf = path.join(path.dirname(f.dir), 'r.pdf');
    expect((await runCli(['export', f.dir, '--lif', lif, '--pdf', pdf])).code).toBe(0);
    const places = decodeCp1252(await fs.readFile(lif)).split('\r\n').slice(1, 10).map((l) => l.split(',')[0]);
    expect(places).toEqual(['1', '2', ...codes]);
    const text = (await pdfText(await fs.readFile(pdf))).replace(/\s+/g, ' ');
    for (const word of ['pulled up', 'fell', 'unseated rider', 'brought down', 'ran out', 'slipped up', 'non-runner']) expect(text).toContain(word);
  });

  it('offers greyhounds fell and disqualified, and refuses a horse racing status there', async () => {
    f = await makeRaceFixture({ sport: 'greyhound' });
    expect(statusesFor('greyhound').map((k) => k.code)).toEqual(['DNS', 'DNF', 'DQ', 'F']);
    expect((await runCli(['status', f.dir, '--competitor', '2', '--code', 'F', '--by', 'Judge'])).out).toContain('2 (Bea Best): F, fell; by Judge');
    expect((await runCli(['status', f.dir, '--competitor', '3', '--code', 'DQ', '--by', 'Judge'])).out).toContain('3 (Cid Cole): DQ, disqualified; by Judge');
    const pu = await runCli(['status', f.dir, '--competitor', '4', '--code', 'PU', '--by', 'Judge']);
    expect(pu).toMatchObject({ code: 2, err: 'photofinish status: PU (pulled up) is a status of horse racing; this race follows greyhound rules (DNS, DNF, DQ, F)' });
    expect((await runCli(['status', f.dir, '--competitor', '4', '--code', 'XX', '--by', 'Judge'])).err).toBe(
      'photofinish status: --code must be one of DNS, DNF, DQ, PU, F, UR, BD, RO, SU, NR, got "XX"',
    );
  });

  it('keeps athletics to DNS, DNF and DQ', async () => {
    f = await makeRaceFixture({ sport: 'athletics' });
    expect(statusesFor('athletics').map((k) => k.code)).toEqual(['DNS', 'DNF', 'DQ']);
    expect((await runCli(['status', f.dir, '--competitor', '2', '--code', 'F', '--by', 'Referee'])).err).toMatch(/F \(fell\) is a status of horse and greyhound racing/);
    expect((await runCli(['status', f.dir, '--competitor', '2', '--dnf', '--by', 'Referee'])).code).toBe(0);
  });
});
