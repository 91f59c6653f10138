/**
 * A scripted meet end to end from the command line: `meet init`, races built from the schedule, a .lif (read
 * back as FinishLynx readers do) and a .json after every mark, a UDP listener receiving the templated messages,
 * and input files rewritten mid-meet reaching the uncertified races (never the certified one, never dropping a
 * marked competitor).
 */
import { createSocket, type Socket } from 'node:dgram';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCp1252 } from '../../../../app/domain/text/cp1252.js';
import { splitCsvLine } from '../../../../app/domain/text/csv-line.js';
import { runCli } from '../../../fixtures/cli-capture.js';
import { EVT, makeMeetFixture, type MeetFixture } from '../../../helpers/meet-fixture.js';

const cli = (...argv: string[]) => runCli(argv);
let m: MeetFixture;
let udp: Socket;
const received: string[] = [];

beforeAll(async () => {
  m = await makeMeetFixture();
  udp = createSocket('udp4');
  udp.on('message', (b) => received.push(b.toString('utf8')));
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', () => r()));
});
afterAll(async () => {
  udp.close();
  await m.cleanup();
});

/** A .lif as CrossMgr's reader takes it: CSV fields, the time field as seconds, the header's last field the start time. */
function readLif(bytes: Buffer) {
  const lines = decodeCp1252(bytes).split('\r\n').filter(Boolean).map((l) => splitCsvLine(l) as string[]);
  const [header, ...rows] = lines as [string[], ...string[][]];
  const seconds = (t: string) => {
    const parts = t.split(':').map(Number);
    return parts.reduce((acc, p) => acc * 60 + p, 0);
  };
  return { header, startTime: header[header.length - 1], delta: rows.map((r) => r[8]), rows: rows.map((r) => ({ place: r[0], id: r[1], last: r[3], first: r[4], time: r[6] as string, seconds: r[6] ? seconds(r[6]) : null })) };
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('a meet from the command line', () => {
  it('runs: init, schedule, build from the schedule, results out and the feed on every mark, input changes', async () => {
    const init = await cli('meet', 'init', m.meetDir, '--input', m.input, '--output', m.output, '--lif-precision', '0.001', '--by', 'Meet Referee');
    expect(init.code, init.err).toBe(0);
    const settings = JSON.parse(await fs.readFile(path.join(m.meetDir, 'meet.json'), 'utf8'));
    expect(settings).toMatchObject({ schema: 'photofinish.meet', lifPrecision: '0.001', createdBy: 'Meet Referee', feed: null });
    expect(await cli('meet', 'init', m.meetDir, '--by', 'X')).toMatchObject({ code: 2, err: expect.stringContaining('is already a meet folder (meet.json exists); change its settings with photofinish meet set MEETDIR') });

    const port = udp.address().port;
    expect((await cli('meet', 'set', m.meetDir, '--feed', `udp://127.0.0.1:${port}`, '--by', 'Meet Referee')).code).toBe(0);

    const races = await cli('meet', 'races', m.meetDir, '--json');
    expect(races.code, races.err).toBe(0);
    expect(JSON.parse(races.out)).toEqual([
      { event: 12, round: 1, heat: 3, name: 'Men 100m Final', state: 'scheduled', race: null },
      { event: 5, round: 1, heat: 1, name: 'Women 200m Heat 1', state: 'scheduled', race: null },
      { event: 7, round: 2, heat: 1, name: 'Men 400m Semi 1', state: 'scheduled', race: null },
    ]);

    for (const ev of ['12-1-3', '5-1-1', '7-2-1']) {
      const b = await cli('build', m.frames, '--meet', m.meetDir, '--event', ev, '--fps', '100', '--sport', 'athletics');
      expect(b.code, b.err).toBe(0);
    }
    const race = path.join(m.meetDir, 'races', '012-1-03');
    const info = JSON.parse((await cli('info', race, '--json')).out);
    const doc = async (r: string) => JSON.parse(await fs.readFile(path.join(r, 'race.json'), 'utf8'));
    expect(info.event).toMatchObject({ number: 12, round: 1, heat: 3, name: 'Men 100m Final' });
    // lynx.evt's entry 9 has no name: lynx.ppl gives it, by "meet input".
    expect((await doc(race)).competitors.map((c: { id: string; name: string; team?: string }) => [c.id, c.name, c.team])).toEqual([
      ['7', 'Jürgen Müller', 'Köln'],
      ['8', 'Björn Ødegård', 'Bergen'],
      ['9', 'Søren Åberg', 'Malmö'],
    ]);
    expect(JSON.parse((await cli('meet', 'races', m.meetDir, '--json')).out).map((r: { state: string }) => r.state)).toEqual(['built', 'built', 'built']);

    const mk = await cli('mark', race, '--competitor', '7', '--time', '10.2341', '--typed', '--by', 'Judge');
    expect(mk.code, mk.err).toBe(0);
    const lif = readLif(await fs.readFile(path.join(m.output, '012-1-03.lif')));
    expect(lif.header.slice(0, 4)).toEqual(['12', '1', '3', 'Men 100m Final']);
    expect(lif.rows[0]).toEqual({ place: '1', id: '7', last: 'Müller', first: 'Jürgen', time: '10.235', seconds: 10.235 });
    expect((await cli('mark', race, '--competitor', '8', '--time', '65.4401', '--typed', '--by', 'Judge')).code).toBe(0);
    const lif2 = readLif(await fs.readFile(path.join(m.output, '012-1-03.lif')));
    expect(lif2.rows[1]).toMatchObject({ place: '2', id: '8', time: '1:05.441', seconds: 65.441 });
    expect(lif2.delta[1]).toBe('55.206'); // the written times' difference, at the meet's precision

    const json = JSON.parse(await fs.readFile(path.join(m.output, '012-1-03.json'), 'utf8'));
    expect(json).toMatchObject({ race: '012-1-03', publication: 'provisional', certified: false, event: { number: 12 } });
    expect(json.finishers.map((f: { competitor: string }) => f.competitor)).toEqual(['7', '8']);
    expect((await fs.readdir(m.output)).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    await waitFor(() => received.length >= 2);
    expect(received.slice(-2)).toEqual([
      expect.stringMatching(/^\d+,012-1-03,provisional\n1,7,Jürgen Müller,10\.24\n$/),
      expect.stringMatching(/^\d+,012-1-03,provisional\n1,7,Jürgen Müller,10\.24\n2,8,Björn Ødegård,1:05\.45\n$/),
    ]);
    const seqs = received.map((r) => Number(r.split(',')[0]));
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] as number) + i));

    // A template of the official's own.
    const tpl = path.join(m.root, 'board.tpl');
    await fs.writeFile(tpl, 'EV {{event.number}}/{{event.heat}} #{{seq}}{{#finishers}}|{{place}} {{bib}} {{time}}{{/finishers}}{{^finishers}}|none{{/finishers}}');
    expect((await cli('meet', 'set', m.meetDir, '--feed', `udp://127.0.0.1:${port}`, '--feed-template', tpl)).code).toBe(0);
    await fs.writeFile(path.join(m.root, 'bad.tpl'), '{{#finishers}}{{place}}');
    expect(await cli('meet', 'set', m.meetDir, '--feed-template', path.join(m.root, 'bad.tpl'))).toMatchObject({ code: 2, err: expect.stringContaining('bad.tpl: {{#finishers}} is never closed') });
    expect((await cli('status', race, '--competitor', '9', '--dns', '--by', 'Starter')).code).toBe(0);
    await waitFor(() => received.some((r) => r.startsWith('EV ')));
    expect(received.find((r) => r.startsWith('EV '))).toMatch(/^EV 12\/3 #\d+\|1 7 10\.24\|2 8 1:05\.45$/);
    expect(readLif(await fs.readFile(path.join(m.output, '012-1-03.lif'))).rows[2]).toMatchObject({ place: 'DNS', id: '9' });

    // Certify 012-1-03: the .json says so.
    expect((await cli('certify', race, '--official', 'Chief Judge', '--role', 'Chief photo-finish judge')).code).toBe(0);
    expect(JSON.parse(await fs.readFile(path.join(m.output, '012-1-03.json'), 'utf8'))).toMatchObject({ publication: 'certified', certified: true });

    // Mid-meet the meet software rewrites lynx.evt: a late entry in 5-1-1 and 7-2-1, a scratch in 5-1-1 of
    // someone who has a mark (refused there), and a change in the certified 12-1-3 (not applied).
    const race5 = path.join(m.meetDir, 'races', '005-1-01');
    const race7 = path.join(m.meetDir, 'races', '007-2-01');
    expect((await cli('mark', race5, '--competitor', '22', '--time', '24.1', '--typed', '--by', 'Judge')).code).toBe(0);
    await m.writeInput('lynx.evt', `${EVT.replace(',22,2,Núñez,Inés,Cádiz', ',23,3,Ōta,Émilie,Genève')}\r\n,32,5,Lévêque,René,Besançon\r\n`.replace(',8,4,Ødegård,Björn,Bergen', ',8,4,Odegard,Bjorn,Bergen'));
    const sync = await cli('meet', 'sync', m.meetDir);
    expect(sync.code, sync.err).toBe(0);
    expect(sync.out).toBe('007-2-01: start list replaced from the meet\'s input files (by "meet input")');
    expect(sync.err).toBe("photofinish meet sync: warning: 005-1-01: the meet's new start list leaves out 22 (mark); not applied (the official decides)");
    const comps = async (r: string) => (await doc(r)).competitors.map((c: { id: string }) => c.id);
    expect(await comps(race7)).toEqual(['31', '32']);
    expect(await comps(race5)).toEqual(['21', '22']);
    expect((await doc(race)).competitors[1].name).toBe('Björn Ødegård');
    const audit = (await fs.readFile(path.join(race7, 'audit.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(audit[audit.length - 1]).toMatchObject({ actor: 'meet input', action: 'start-list.imported' });
    expect(JSON.parse(await fs.readFile(path.join(m.output, '007-2-01.json'), 'utf8')).others.map((o: { competitor: string }) => o.competitor)).toEqual(['31', '32']);
    const listed = await cli('meet', 'races', m.meetDir);
    expect(listed.out).toContain('012-1-03  Men 100m Final     certified');
    expect(listed.err).toContain('005-1-01: the meet\'s new start list leaves out 22 (mark)');

    // The meet software drops 7-2-1 from the schedule: the built race stays listed, after the schedule's.
    await m.writeInput('lynx.sch', '12,1,3\r\n5,1,1\r\n');
    const after = JSON.parse((await cli('meet', 'races', m.meetDir, '--json')).out);
    expect(after.map((r: { event: number; state: string }) => [r.event, r.state])).toEqual([
      [12, 'certified'],
      [5, 'marked'],
      [7, 'built'],
    ]);
    expect(after[2]).toMatchObject({ round: 2, heat: 1, name: 'Men 400m Semi 1', race: race7 });
  }, 60_000);

  // FinishLynx readers take the header's last field as the start time of day, HH:MM:SS.mmm. The exporter on this
  // branch writes the event's HH:MM:SS; i20-files changes the .lif header to HH:MM:SS.mmm. Expected to fail until
  // that merge: then drop `.fails`.
  it('writes the start time of day in the .lif header as HH:MM:SS.mmm', async () => {
    const race5 = path.join(m.meetDir, 'races', '005-1-01');
    expect((await cli('event', race5, '--time-of-day', '14:05:30', '--by', 'Clerk')).code).toBe(0);
    const lif = readLif(await fs.readFile(path.join(m.output, '005-1-01.lif')));
    expect(lif.header.slice(0, 4)).toEqual(['5', '1', '1', 'Women 200m Heat 1']);
    expect(lif.startTime).toMatch(/^14:05:30\.\d{3}$/);
  });

  it('refuses what a meet cannot do, in one line', async () => {
    expect(await cli('build', m.frames, '--meet', m.meetDir, '--event', '99-1-1', '--fps', '100')).toMatchObject({ code: 2, err: expect.stringMatching(/the meet's schedule has no race 99-1-1 \(scheduled: 12-1-3, 5-1-1\)$/) });
    expect(await cli('build', m.frames, '--meet', m.meetDir, '--out', 'x', '--event', '12-1-3')).toMatchObject({ code: 2, err: 'photofinish build: give --meet MEETDIR or --out RACE, not both (a meet puts its races in MEETDIR/races)' });
    expect(await cli('meet', 'set', m.meetDir, '--feed', 'http://x:1')).toMatchObject({ code: 2, err: 'photofinish meet: feed "http://x:1" must be udp://HOST:PORT or tcp://HOST:PORT' });
    expect(await cli('meet', 'set', m.meetDir, '--lif-precision', '0.1')).toMatchObject({ code: 2, err: 'photofinish meet: --lif-precision "0.1" must be 0.01 or 0.001' });
    expect(await cli('meet', 'races', path.join(m.root, 'nowhere'))).toMatchObject({ code: 2, err: expect.stringContaining('not a meet folder (meet.json is missing); make it a meet first with photofinish meet init MEETDIR --by NAME') });
  });
});
