/**
 * The acceptance, end to end through the command line: a race built from a lynx.evt event (the lynx.sch
 * beside it ordering the events offered) prints "Men 100m Final, round 1, heat 3, wind +1.2 m/s" on its sheet and
 * its .lif header; a DNS, a DNF and a DQ appear correctly in every output; certification is refused with an
 * unaccounted competitor and goes through once each has a mark or a status.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCp1252 } from '../../../../app/domain/text/cp1252.js';
import { createService } from '../../../../app/service/create-service.js';
import { runCli } from '../../../fixtures/cli-capture.js';
import { writeFrames } from '../../../fixtures/synthetic-frames.js';
import { parseCsvRecords } from '../../../helpers/export-csv.js';
import { pdfText } from '../../../helpers/export-poppler.js';

let tmp: string;
let race: string;
let exported: Record<string, string>;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;
const cli = (...argv: string[]) => runCli(argv);

const EVT = [
  '; lynx.evt written by the meet software',
  '5,1,1,Women 400m Heat 1',
  ',31,1,Adeyemi,Tolu,Lagos AC',
  '12,1,3,Men 100m Final',
  ',101,3,Müller,Jürgen,"TV Köln, Abt. 2"',
  ',102,4,Smith,John,Leeds AC',
  ',103,5,Dubois,Chloé,Lyon AC',
  ',104,6,Kowalski,Piotr,AZS',
  ',105,7,Rossi,Luca,Roma',
].join('\r\n');

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-record-e2e-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  await writeFrames(path.join(tmp, 'frames'), { width: 24, height: 12, frames: 60 });
  await fs.writeFile(path.join(tmp, 'lynx.evt'), Buffer.from(EVT, 'latin1'));
  await fs.writeFile(path.join(tmp, 'lynx.sch'), '; schedule\r\n12,1,3\r\n5,1,1\r\n');
  race = path.join(tmp, 'final.race');
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('a race built from a lynx.evt event', () => {
  it('offers the events in the order of the lynx.sch beside the .evt', async () => {
    const { service } = createService({ shell: 'cli', dataDir: path.join(tmp, 'data') });
    const listed = await service.listStartListEvents({ path: path.join(tmp, 'lynx.evt') });
    expect(listed.schedule).toBe(path.join(tmp, 'lynx.sch'));
    expect(listed.events.map((e) => [e.key, e.name, e.competitors, e.scheduled])).toEqual([
      ['12-1-3', 'Men 100m Final', 5, true],
      ['5-1-1', 'Women 400m Heat 1', 1, true],
    ]);
  });

  it('is built with the event, refused certification while anyone is unaccounted for, then certified and exported', async () => {
    const build = await cli('build', path.join(tmp, 'frames'), '--out', race, '--fps', '100', '--sport', 'athletics', '--start-list', path.join(tmp, 'lynx.evt'), '--event', '12-1-3');
    expect(build.code).toBe(0);
    expect(JSON.parse((await cli('info', race, '--json')).out).event).toMatchObject({ number: 12, round: 1, heat: 3, name: 'Men 100m Final', wind_mps: null });
    expect((await cli('event', race, '--wind', '+1.2', '--venue', 'Stadion', '--date', '2026-06-14', '--by', 'Clerk')).code).toBe(0);
    for (const [id, column] of [['101', '20.5'], ['102', '23']] as const) expect((await cli('mark', race, '--competitor', id, '--column', column, '--by', 'Judge')).code).toBe(0);
    expect((await cli('mark', race, '--competitor', '105', '--column', '21', '--by', 'Judge')).code).toBe(0);
    expect((await cli('certify', race, '--official', 'Chief')).err).toBe('photofinish certify: cannot certify: competitors #103, #104 have neither a mark nor a status (DNS, DNF or DQ); mark each, or record it with photofinish status RACE --competitor ID --dns, --dnf or --dq');
    expect((await cli('status', race, '--competitor', '103', '--dns', '--by', 'Starter')).code).toBe(0);
    expect((await cli('status', race, '--competitor', '104', '--dnf', '--reason', 'hamstring', '--by', 'Referee')).code).toBe(0);
    expect((await cli('status', race, '--competitor', '105', '--dq', '--rule', 'TR 16.8', '--by', 'Referee')).code).toBe(0);
    const checks = JSON.parse((await cli('results', race, '--json')).out).checks;
    expect(checks).toEqual([
      { code: 'athletics-rate-below-1000', severity: 'warning', message: 'the footage has 100 images per second: World Athletics asks for at least 1000 at top-level meetings' },
      // Time zero's checks follow the record's: no start was set and no zero-control test is attached.
      expect.objectContaining({ code: 'start-not-set', severity: 'warning' }),
      expect.objectContaining({ code: 'zero-control-missing', severity: 'warning' }),
    ]);
    expect((await cli('certify', race, '--official', 'Chief')).code).toBe(0);
    const out = await cli('export', race);
    expect(out.code).toBe(0);
    exported = Object.fromEntries(out.out.split('\n').map((p) => [path.extname(p).slice(1), p]));
    expect(path.basename(exported.pdf as string)).toBe('012-1-03-men-100m-final-r1.pdf');
  });

  it('prints the event line on the sheet, and DNS, DNF, DQ in the place column with the rule and reason', async () => {
    const text = await pdfText(await fs.readFile(exported.pdf as string));
    expect(text).toContain('Men 100m Final, round 1, heat 3, wind +1.2 m/s');
    expect(text).toContain('Results (2 placed, 1 DNF, 1 DQ, 1 DNS)');
    expect(text).toMatch(/^\s*DNF\s+6\s+104\s+Piotr Kowalski\s+AZS$/m);
    expect(text).toMatch(/^\s*DQ\s+7\s+105\s+Luca Rossi\s+Roma\s+0\.21$/m);
    expect(text).toMatch(/^\s*DNS\s+5\s+103\s+Chloé Dubois\s+Lyon AC$/m);
    expect(text).toContain('#105 Luca Rossi: DQ, disqualified under rule TR 16.8, recorded by Referee; time 0.21 kept for the record, no place.');
    expect(text).toContain('Check: the footage has 100 images per second');
    // Each rule check is printed once (as a Check: line), a check whose message ends a sentence with one full stop.
    const flat = text.replace(/\s+/g, ' ');
    for (const check of ['the footage has 100 images per second', 'No time zero set', 'no zero-control test is attached']) expect(flat.split(check)).toHaveLength(2);
    expect(flat).toContain('Check: No time zero set: times are on the footage clock, not from the start signal. ');
    expect(flat).not.toMatch(/\w\.\./);
  });

  it('writes the .lif header as FinishLynx does, and the status words in its place column', async () => {
    const lines = decodeCp1252(await fs.readFile(exported.lif as string)).split('\r\n');
    // Template, capture time and capture duration are FinishLynx's own capture settings: empty (never the footage length).
    expect(lines[0]).toMatch(/^12,1,3,Men 100m Final,\+1\.2,m\/s,,,,,$/);
    expect(lines.slice(1, 6)).toEqual([
      '1,101,3,Müller,Jürgen,"TV Köln, Abt. 2",0.21,,,',
      '2,102,4,Smith,John,Leeds AC,0.23,,0.02,',
      'DNF,104,6,Kowalski,Piotr,AZS,,,,',
      'DQ,105,7,Rossi,Luca,Roma,0.21,,,',
      'DNS,103,5,Dubois,Chloé,Lyon AC,,,,',
    ]);
  });

  it('carries the statuses in the CSV and JSON', async () => {
    const records = parseCsvRecords((await fs.readFile(exported.csv as string)).subarray(3).toString('utf8'));
    const header = records[0] as string[];
    const col = (r: string[], name: string) => r[header.indexOf(name)];
    expect(records.slice(1).map((r) => [col(r, 'place'), col(r, 'competitor'), col(r, 'time'), col(r, 'rule'), col(r, 'reason')])).toEqual([
      ['1', '101', '0.21', '', ''],
      ['2', '102', '0.23', '', ''],
      ['DNF', '104', '', '', 'hamstring'],
      ['DQ', '105', '0.21', 'TR 16.8', ''],
      ['DNS', '103', '', '', ''],
    ]);
    const json = JSON.parse(await fs.readFile(exported.json as string, 'utf8'));
    expect(json.event).toMatchObject({ number: 12, round: 1, heat: 3, name: 'Men 100m Final', wind_mps: 1.2, venue: 'Stadion', date: '2026-06-14' });
    expect(json.others).toEqual([
      { competitor: '104', name: 'Piotr Kowalski', status: 'DNF', rule: null, reason: 'hamstring', by: 'Referee', time_s: null, time_ns: null, time_display: '', team: 'AZS', lane: '6' },
      { competitor: '105', name: 'Luca Rossi', status: 'DQ', rule: 'TR 16.8', reason: null, by: 'Referee', time_s: 0.21, time_ns: '210000000', time_display: '0.21', team: 'Roma', lane: '7' },
      { competitor: '103', name: 'Chloé Dubois', status: 'DNS', rule: null, reason: null, by: 'Starter', time_s: null, time_ns: null, time_display: '', team: 'Lyon AC', lane: '5' },
    ]);
  });
});
