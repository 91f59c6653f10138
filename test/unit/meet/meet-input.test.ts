/**
 * The meet software's files are read only when whole: a file being written in pieces is read again until two
 * reads agree, and one cut off mid-line (so it does not parse) is read again until it is complete, never applied
 * in part.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeCp1252 } from '../../../app/domain/text/cp1252.js';
import { readMeetInput } from '../../../app/meet/meet-input.js';
import { EVT, PPL, SCH } from '../../helpers/meet-fixture.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-meet-in-'));
  await fs.writeFile(path.join(dir, 'LYNX.SCH'), encodeCp1252(SCH)); // Windows meet software writes upper case
  await fs.writeFile(path.join(dir, 'lynx.ppl'), encodeCp1252(PPL));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('reading the meet input', () => {
  it('reads lynx.sch, lynx.evt and lynx.ppl in Windows-1252 into the schedule and start lists', async () => {
    await fs.writeFile(path.join(dir, 'lynx.evt'), encodeCp1252(EVT));
    const input = await readMeetInput(dir, { settleMs: 10 });
    expect(input.schedule.map((s) => [s.race, s.name])).toEqual([
      ['012-1-03', 'Men 100m Final'],
      ['005-1-01', 'Women 200m Heat 1'],
      ['007-2-01', 'Men 400m Semi 1'],
    ]);
    expect(input.startLists.get('005-1-01')?.competitors.map((c) => c.name)).toEqual(['Zoë Brontë', 'Inés Núñez']);
    expect(input.files.map((f) => f.file)).toEqual(['LYNX.SCH', 'lynx.evt', 'lynx.ppl']);
  });

  it('without lynx.sch, every event of lynx.evt in file order', async () => {
    await fs.rm(path.join(dir, 'LYNX.SCH'));
    await fs.writeFile(path.join(dir, 'lynx.evt'), encodeCp1252(EVT));
    expect((await readMeetInput(dir, { settleMs: 10 })).schedule.map((s) => s.race)).toEqual(['012-1-03', '005-1-01', '007-2-01']);
  });

  it('waits out a file being written in pieces and reads it whole', async () => {
    const bytes = encodeCp1252(EVT);
    const file = path.join(dir, 'lynx.evt');
    await fs.writeFile(file, bytes.subarray(0, 40));
    const writer = (async () => {
      for (let at = 40; at < bytes.length; at += 25) {
        await sleep(15);
        await fs.appendFile(file, bytes.subarray(at, Math.min(bytes.length, at + 25)));
      }
    })();
    const input = await readMeetInput(dir, { settleMs: 60 });
    await writer;
    expect(input.startLists.get('007-2-01')?.competitors.map((c) => c.id)).toEqual(['31']);
  });

  it('reads again a file cut off mid-line (it does not parse) until it is complete', async () => {
    const file = path.join(dir, 'lynx.evt');
    await fs.writeFile(file, encodeCp1252(`${EVT}\r\n,32,5,"Lévêque`)); // an open quote: the meet software is mid-write
    const completed = sleep(400).then(() => fs.writeFile(file, encodeCp1252(`${EVT}\r\n,32,5,"Lévêque",René,Besançon\r\n`)));
    const input = await readMeetInput(dir, { settleMs: 30, deadlineMs: 3000 });
    await completed;
    expect(input.startLists.get('007-2-01')?.competitors.map((c) => c.name)).toEqual(['Loïc Dupré', 'René Lévêque']);
  });

  it('names the file when it never becomes whole, and applies nothing of it', async () => {
    await fs.writeFile(path.join(dir, 'lynx.evt'), encodeCp1252(`${EVT}\r\n,32,5,"Lévêque`));
    await expect(readMeetInput(dir, { settleMs: 20, deadlineMs: 300 })).rejects.toThrow(/lynx\.evt line 10: /);
  });
});
