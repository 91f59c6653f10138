import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStartListFile } from '../../../app/store/start-list-file.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-startlist-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Windows-1252 bytes: Latin-1 for most, plus Š (0x8A), š (0x9A), Ž (0x8E) and ’ (0x92). */
function cp1252(text: string): Buffer {
  const special: Record<string, number> = { Š: 0x8a, š: 0x9a, Ž: 0x8e, '’': 0x92, '€': 0x80 };
  return Buffer.from([...text].map((ch) => special[ch] ?? ch.charCodeAt(0)));
}

async function write(name: string, data: string | Buffer): Promise<string> {
  const f = path.join(dir, name);
  await fs.writeFile(f, data);
  return f;
}

describe('FinishLynx files (Windows-1252)', () => {
  it('reads lynx.ppl with accented names and quoted commas', async () => {
    const f = await write(
      'lynx.ppl',
      cp1252('; people file\r\n101,Müller,Jürgen,"TV Köln, Abt. 2"\r\n102,Šuštar,Željko,HAŠK\r\n103,"O’Brien, Jr.",Seán,Dún Laoghaire AC\r\n'),
    );
    expect(await parseStartListFile(f)).toEqual([
      { id: '101', name: 'Jürgen Müller', firstName: 'Jürgen', lastName: 'Müller', team: 'TV Köln, Abt. 2' },
      { id: '102', name: 'Željko Šuštar', firstName: 'Željko', lastName: 'Šuštar', team: 'HAŠK' },
      { id: '103', name: 'Seán O’Brien, Jr.', firstName: 'Seán', lastName: 'O’Brien, Jr.', team: 'Dún Laoghaire AC' },
    ]);
  });

  it('reads lynx.evt: the event line, then competitor lines starting with a comma', async () => {
    const f = await write('one.evt', cp1252('1,1,2,100m Hürden Frauen\r\n,7,4,Dubois,Chloé,"Lyon, AC"\r\n,12,5,Žagar,Ana,AK Šiška\r\n; a comment\r\n'));
    expect(await parseStartListFile(f)).toEqual([
      { id: '7', name: 'Chloé Dubois', firstName: 'Chloé', lastName: 'Dubois', team: 'Lyon, AC', lane: '4' },
      { id: '12', name: 'Ana Žagar', firstName: 'Ana', lastName: 'Žagar', team: 'AK Šiška', lane: '5' },
    ]);
  });

  it('asks which event of a multi-event lynx.evt, and takes the one named', async () => {
    const f = await write('lynx.evt', cp1252('1,1,1,100m\n,1,1,A,Ann,X\n,2,2,B,Bo,Y\n2,1,1,200m\n,3,1,C,Cy,Z\n'));
    await expect(parseStartListFile(f)).rejects.toMatchObject({
      message: `${f}: holds 2 events (1-1-1, 2-1-1)`,
      hint: 'choose-event',
      facts: { events: '1-1-1, 2-1-1' },
    });
    expect((await parseStartListFile(f, { event: '2' })).map((c) => c.id)).toEqual(['3']);
    await expect(parseStartListFile(f, { event: '9' })).rejects.toThrow(/no event 9/);
  });
});

describe('CSV start lists', () => {
  it('reads a UTF-8 CSV with a header in any column order, optional team and lane', async () => {
    const f = await write('list.csv', 'lane,id,name\n3,44,"Smith, John"\n4,45,Zoë Ñúñez\n');
    expect(await parseStartListFile(f)).toEqual([
      { id: '44', name: 'Smith, John', lane: '3' },
      { id: '45', name: 'Zoë Ñúñez', lane: '4' },
    ]);
  });

  it('reads semicolon- and tab-separated CSV as European spreadsheets save it', async () => {
    const semi = await write('semi.csv', 'ID;Name;Club;Lane\n5;"Dupont; Jean";"Paris, UC";3\n');
    expect(await parseStartListFile(semi)).toEqual([{ id: '5', name: 'Dupont; Jean', club: 'Paris, UC', lane: '3' }]);
    const tab = await write('tab.csv', 'bib\tfirst name\tlast name\tteam\n9\tAnn\tAble\t\n10\t\tBest\tB\n');
    expect(await parseStartListFile(tab)).toEqual([
      { id: '9', name: 'Ann Able', firstName: 'Ann', lastName: 'Able', bib: '9' },
      { id: '10', name: 'Best', lastName: 'Best', team: 'B', bib: '10' },
    ]);
  });

  it("reads each sport's optional columns: bib, club, nation, jockey, trainer, draw, trap (team and lane as before)", async () => {
    const athletics = await write('athletics.csv', 'bib,lane,first name,last name,club,nation\n1107,4,Anna,Müller,TV Köln,GER\n');
    expect(await parseStartListFile(athletics)).toEqual([
      { id: '1107', bib: '1107', lane: '4', name: 'Anna Müller', firstName: 'Anna', lastName: 'Müller', club: 'TV Köln', nation: 'GER' },
    ]);
    const horse = await write('horse.csv', 'No,Horse,Jockey,Trainer,Draw\n7,Frankel,T. Queally,H. Cecil,4\n');
    expect(await parseStartListFile(horse)).toEqual([{ id: '7', name: 'Frankel', jockey: 'T. Queally', trainer: 'H. Cecil', draw: '4' }]);
    const dogs = await write('dogs.csv', 'trap,id,greyhound,trainer\n1,D1,Westmead Hawk,N. Savva\n');
    expect(await parseStartListFile(dogs)).toEqual([{ id: 'D1', trap: '1', name: 'Westmead Hawk', trainer: 'N. Savva' }]);
    // A race card numbers its greyhounds by trap: a list with a trap and no id column is read like one numbered by bib.
    const card = await write('card.csv', 'trap,greyhound,trainer\n1,Westmead Hawk,N. Savva\n2,Rapid Ranger,C. Lister\n');
    expect(await parseStartListFile(card)).toEqual([
      { id: '1', trap: '1', name: 'Westmead Hawk', trainer: 'N. Savva' },
      { id: '2', trap: '2', name: 'Rapid Ranger', trainer: 'C. Lister' },
    ]);
    const long = await write('long.csv', `id,name,draw\n1,A,${'9'.repeat(20)}\n`);
    await expect(parseStartListFile(long)).rejects.toThrow(`${long} line 2: draw "99999999999999999999…" is longer than 16 characters`);
  });

  it('reads a Windows-1252 CSV saved by an old spreadsheet', async () => {
    const f = await write('old.csv', cp1252('id,name,team\n1,Jürgen Šuštar,"Köln, DE"\n'));
    expect(await parseStartListFile(f)).toEqual([{ id: '1', name: 'Jürgen Šuštar', team: 'Köln, DE' }]);
  });
});

describe('bad start lists get one-line errors naming file and line', () => {
  it.each([
    ['noid.csv', 'name,team\nAnn,X\n', /noid\.csv line 1: the header must have an id column \(or bib, or trap\) \(found: name, team\)$/],
    ['dup.csv', 'id,name\n1,Ann\n2,Bo\n1,Cy\n', /dup\.csv line 4: id 1 already appears on line 2$/],
    ['quote.csv', 'id,name\n1,"Ann\n', /quote\.csv line 2: a quoted field is not closed$/],
    ['empty-id.ppl', '1,A,B,C\n,X,Y,Z\n', /empty-id\.ppl line 2: the competitor has no id$/],
    ['orphan.evt', ',1,1,A,B,C\n', /orphan\.evt line 1: a competitor line comes before any event line$/],
    ['empty.csv', '', /empty\.csv: the file is empty$/],
    ['header-only.csv', 'id,name\n', /header-only\.csv: no competitors found$/],
    ['list.xlsx', 'PK', /list\.xlsx: unknown start list format/],
  ])('%s', async (name, content, message) => {
    const f = await write(name, content);
    const err = await parseStartListFile(f).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(message);
    expect(err?.message).not.toContain('\n');
  });

  it('names a missing file', async () => {
    await expect(parseStartListFile(path.join(dir, 'nope.csv'))).rejects.toThrow(/nope\.csv: no such file$/);
  });
});
