import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliRace } from '../../../helpers/cli-race.js';

const { race, cli } = useCliRace('athletics');

describe('photofinish mark / results / dead-heat / certify / amend', () => {
  it('marks, prints results as the issue’s JSON, and records who did what', async () => {
    expect((await cli('mark', race().dir, '--competitor', '2', '--column', '2.5', '--by', 'Jane Roe')).code).toBe(0);
    const typed = await cli('mark', race().dir, '--competitor', '3', '--time', '10.0049', '--typed', '--by', 'Jane Roe');
    expect(typed).toMatchObject({ code: 0, out: 'Marked 3 (Cid Cole): place 2, 10.01, +0.00 [typed]; by Jane Roe' });
    const r = await cli('results', race().dir, '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json).toMatchObject({ sport: 'athletics', certified: false, revision: 1 });
    expect(json.finishers[0]).toEqual({
      place: 1,
      competitor: '2',
      name: 'Bea Best',
      team: 'Club B',
      lane: '2',
      time_s: 10.0025,
      time_ns: '10002500000',
      time_display: '10.01',
      behind_winner_s: null,
      behind_previous_s: null,
      margin_display: '',
      behind_winner_display: '',
      behind_previous_display: '',
      reading_behind_winner_s: null,
      reading_behind_previous_s: null,
      resolution_s: 0.001,
      dead_heat: false,
      dead_heat_group: null,
      typed: false,
      suggested: false,
      flags: [],
      notes: [],
    });
    // Athletics margins are differences of the published times (10.01 and 10.01); the readings' own under its name.
    expect(json.finishers[1]).toMatchObject({ place: 2, competitor: '3', typed: true, behind_winner_s: 0, behind_winner_display: '+0.00', reading_behind_winner_s: 0.0024, flags: ['T'] });
    expect(json.finishers).toHaveLength(2);
    expect(json.others).toEqual([
      { competitor: '1', name: 'Ann Able', status: 'unmarked', rule: null, reason: null, by: null, time_s: null, time_ns: null, time_display: '', team: 'Club A', lane: '1' },
      { competitor: '4', name: 'Dee Dunn', status: 'unmarked', rule: null, reason: null, by: null, time_s: null, time_display: '', time_ns: null, team: 'Club D', lane: '4' },
    ]);
    const text = await cli('results', race().dir);
    expect(text.out).toContain('TYPED: time keyed in, not read from the image');
    const log = (await fs.readFile(path.join(race().dir, 'audit.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(log.slice(1).map((e) => [e.action, e.actor])).toEqual([
      ['mark.placed', 'Jane Roe'],
      ['mark.placed', 'Jane Roe'],
    ]);
  });

  it('--by defaults to the user running the command', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '1');
    const last = (await fs.readFile(path.join(race().dir, 'audit.jsonl'), 'utf8')).trim().split('\n').pop() as string;
    expect(JSON.parse(last).actor).toBe(os.userInfo().username);
  });

  it('marking a certified race fails with a clear message and changes nothing; amend reopens it', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '1', '--by', 'J');
    await cli('mark', race().dir, '--competitor', '2', '--column', '1', '--by', 'J');
    expect((await cli('dead-heat', race().dir, '--competitors', '1,2', '--by', 'Referee')).code).toBe(0);
    expect(await cli('certify', race().dir, '--official', 'Jane Judge')).toEqual({
      code: 2,
      out: '',
      err: 'photofinish certify: cannot certify: competitors #3, #4 have neither a mark nor a status (DNS, DNF or DQ); mark each, or record it with photofinish status RACE --competitor ID --dns, --dnf or --dq',
    });
    expect((await cli('status', race().dir, '--competitor', '3', '--dnf', '--by', 'Referee')).code).toBe(0);
    expect((await cli('status', race().dir, '--competitor', '4', '--dns', '--by', 'Referee')).code).toBe(0);
    const cert = await cli('certify', race().dir, '--official', 'Jane Judge');
    expect(cert.code).toBe(0);
    expect(cert.out).toMatch(/^Certified revision 1 of "Test heat" by Jane Judge \(Chief photo-finish judge\)/);
    const before = await fs.readFile(path.join(race().dir, 'audit.jsonl'), 'utf8');
    const refused = await cli('mark', race().dir, '--competitor', '3', '--column', '4', '--by', 'J');
    expect(refused).toEqual({ code: 2, out: '', err: 'photofinish mark: cannot mark competitor 3: the race is certified (revision 1, by Jane Judge); amend it first' });
    expect(await fs.readFile(path.join(race().dir, 'audit.jsonl'), 'utf8')).toBe(before);
    expect((await cli('amend', race().dir, '--reason', 'Protest upheld', '--by', 'Chief Referee')).code).toBe(0);
    expect((await cli('status', race().dir, '--competitor', '3', '--clear', '--by', 'Chief Referee')).code).toBe(0);
    expect((await cli('mark', race().dir, '--competitor', '3', '--column', '4', '--by', 'J')).code).toBe(0);
    const text = await cli('results', race().dir);
    expect(text.out).toMatch(/Amended to revision 2 by Chief Referee at .*: Protest upheld/);
  });

  it('sport and start-list commands', async () => {
    expect((await cli('sport', race().dir, 'horse', '--lps', '4.5', '--by', 'J')).out).toBe(
      'Sport of "Test heat": horse (winner\'s time to 1/100 s; distances at 4.5 lengths per second)',
    );
    const ppl = path.join(race().dir, '..', 'lynx.ppl');
    await fs.writeFile(ppl, Buffer.from([...'1,M\xfcller,J\xfcrgen,"K\xf6ln, DE"\n'].map((c) => c.charCodeAt(0))));
    const r = await cli('start-list', race().dir, ppl, '--by', 'Clerk');
    expect(r.code).toBe(0);
    expect(r.out).toContain('1      Jürgen Müller, Köln, DE');
  });
});

describe('bad CLI arguments get one-line errors', () => {
  it.each([
    [['mark', 'RACE', '--column', '1'], 'photofinish mark: --competitor ID is required'],
    [['mark', 'RACE', '--competitor', '1'], 'photofinish mark: give exactly one of --time S, --column C or --accept N'],
    [['mark', 'RACE', '--competitor', '1', '--time', '1', '--column', '2'], 'photofinish mark: give exactly one of --time S, --column C or --accept N'],
    [['mark', 'RACE', '--competitor', '1', '--column', 'abc'], 'photofinish mark: --column must be a number, got "abc"'],
    [['mark', 'RACE', '--competitor', '1', '--column', '2', '--typed'], 'photofinish mark: --typed applies to --time only (a column or a suggestion is read from the image)'],
    [['mark', 'RACE', '--competitor', '1', '--accept', '1.5'], 'photofinish mark: --accept takes the number of a detected edge (0, 1, ...), got "1.5"'],
    [['mark', 'RACE', '--competitor', '1', '--time', '12,5', '--typed'], 'photofinish mark: time: "12,5" is not a number of seconds'],
    [['mark', 'RACE', '--competitor', '1', '--colum', '2'], /^photofinish mark: Unknown option '--colum'/],
    [['mark', '--competitor', '1', '--column', '2'], 'photofinish mark: missing RACE (a race folder)'],
    [['dead-heat', 'RACE', '--competitors', '1', '--by', 'R'], 'photofinish dead-heat: --competitors needs at least two ids separated by commas'],
    [['dead-heat', 'RACE', '--competitors', '1,2'], 'photofinish dead-heat: --by NAME is required (a dead heat is an official decision)'],
    [['certify', 'RACE'], 'photofinish certify: --official NAME is required'],
    [['amend', 'RACE', '--by', 'X'], 'photofinish amend: --reason TEXT is required'],
    [['sport', 'RACE', 'curling'], 'photofinish sport: "curling" is not a sport (motorsport, athletics, horse or greyhound)'],
    [['sport', 'RACE', 'horse', '--lps', 'fast'], 'photofinish sport: --lps must be a number of lengths per second, got "fast"'],
    [['start-list', 'RACE'], 'photofinish start-list: missing FILE (the start list)'],
    [['results', 'RACE', 'extra'], 'photofinish results: unexpected argument "extra"'],
  ])('%j', async (argv, message) => {
    const args = (argv as string[]).map((a) => (a === 'RACE' ? race().dir : a));
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toHaveLength(1);
    if (typeof message === 'string') expect(r.err).toBe(message);
    else expect(r.err).toMatch(message);
  });

  it('a bad start list is one line naming the file and line, and changes nothing', async () => {
    const csv = path.join(race().dir, '..', 'bad.csv');
    await fs.writeFile(csv, 'id,name\n1,Ann\n1,Bo\n');
    const r = await cli('start-list', race().dir, csv, '--by', 'Clerk');
    expect(r).toEqual({ code: 2, out: '', err: `photofinish start-list: ${csv} line 3: id 1 already appears on line 2` });
    expect((await fs.readFile(path.join(race().dir, 'audit.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('warns on every command when race.json was edited outside the app', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '1', '--by', 'J');
    const file = path.join(race().dir, 'race.json');
    await fs.writeFile(file, (await fs.readFile(file, 'utf8')).replace('"milliColumn": 1000', '"milliColumn": 900'));
    const r = await cli('results', race().dir);
    expect(r.code).toBe(0);
    expect(r.err).toBe('photofinish results: warning: race.json was edited outside the app (marks differ from the audit log)');
    expect(await cli('verify', race().dir)).toMatchObject({ code: 1, out: 'race.json was edited outside the app (marks differ from the audit log)' });
  });

  it('names a folder that is not a race', async () => {
    const r = await cli('results', path.join(race().dir, 'evidence'));
    expect(r).toMatchObject({ code: 2, err: `photofinish results: ${path.join(race().dir, 'evidence')}: not a race folder (no race.json); build one with photofinish build` });
    expect((await cli('verify', '/nonexistent/race')).err).toBe('photofinish verify: /nonexistent/race: no such race folder');
  });
});
