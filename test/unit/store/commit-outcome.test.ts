/**
 * The same full-disk outcomes as full-disk.test.ts, by injecting ENOSPC at the store's file-system boundary, so
 * they are checked on machines that cannot mount a tiny tmpfs (no root): the entry committed and only the snapshot
 * failed (reported as recorded, repaired on the next open), or the append cut short (nothing saved, log restored).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../app/api/client.js';
import { dispatchCall } from '../../../app/api/dispatch.js';
import { createService } from '../../../app/service/create-service.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

const fail = vi.hoisted(() => ({ documentWrite: false, appendAfterBytes: null as number | null }));
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

vi.mock('../../../app/store/atomic-write.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../app/store/atomic-write.js')>();
  return {
    ...real,
    async writeFileAtomic(file: string, data: string | Uint8Array) {
      if (fail.documentWrite && path.basename(file) === 'race.json') throw enospc();
      return real.writeFileAtomic(file, data);
    },
    async appendDurable(file: string, text: string) {
      if (fail.appendAfterBytes !== null) {
        await fs.appendFile(file, text.slice(0, fail.appendAfterBytes));
        throw enospc();
      }
      return real.appendDurable(file, text);
    },
  };
});

let fx: RaceFixture;
beforeEach(async () => {
  fail.documentWrite = false;
  fail.appendAfterBytes = null;
  fx = await makeRaceFixture();
});
afterEach(async () => {
  await fx.cleanup();
});

function api() {
  const running = createService({ shell: 'cli', dataDir: path.join(fx.dir, '..', 'data') });
  return createApiClient((name, args) => dispatchCall(running.service, name, args));
}

describe('a change on a full disk', () => {
  it('recorded in the log, snapshot not written: the view says so; opening again repairs race.json', async () => {
    const client = api();
    const { raceId } = await client.openRace({ path: fx.dir });
    await client.placeMark({ raceId, competitorId: '1', column: 2.5, by: 'J' });
    // Nobody may go missing from a certified result: the rest of the start list did not start.
    for (const id of ['2', '3', '4']) await client.setStatus({ raceId, competitorId: id, status: 'DNS', by: 'J' });
    fail.documentWrite = true;
    const view = await client.certify({ raceId, official: 'A. Judge' });
    expect(view.certified?.official).toBe('A. Judge');
    expect(view.saveNote).toBe("the certification is recorded; the race's snapshot could not be rewritten (disk full): it will be repaired when the race is next opened");
    expect(JSON.parse(await fs.readFile(path.join(fx.dir, 'race.json'), 'utf8')).certified ?? null).toBeNull();
    fail.documentWrite = false;
    const reopened = await api().openRace({ path: fx.dir });
    expect(reopened.recovered).toEqual(['race.json brought up to date with audit entry 6 (the save was interrupted)']);
    expect(JSON.parse(await fs.readFile(path.join(fx.dir, 'race.json'), 'utf8')).certified.official).toBe('A. Judge');
  });

  it('setting or clearing a start is recorded, and said so, like every other change', async () => {
    const client = api();
    const { raceId } = await client.openRace({ path: fx.dir });
    fail.documentWrite = true;
    const set = await client.setStart({ raceId, method: 'typed', timeS: '0.5', by: 'A. Starter' });
    expect(set.saveNote).toBe("the start is recorded; the race's snapshot could not be rewritten (disk full): it will be repaired when the race is next opened");
    // The disk has room again for the next open, which repairs the snapshot; then it fills up once more.
    fail.documentWrite = false;
    await client.openRace({ path: fx.dir });
    fail.documentWrite = true;
    const cleared = await client.clearStart({ raceId, by: 'A. Starter' });
    expect(cleared.saveNote).toBe(
      "the clearing of the start is recorded; the race's snapshot could not be rewritten (disk full): it will be repaired when the race is next opened",
    );
  });

  it('append cut short: nothing saved, the log byte for byte as before, the error says so', async () => {
    const client = api();
    const { raceId } = await client.openRace({ path: fx.dir });
    const log = path.join(fx.dir, 'audit.jsonl');
    const before = await fs.readFile(log);
    fail.appendAfterBytes = 100;
    await expect(client.placeMark({ raceId, competitorId: '1', column: 2.5, by: 'J' })).rejects.toThrow(
      `${fx.dir}: nothing was saved: the disk is full; free some space on it and try again`,
    );
    expect((await fs.readFile(log)).equals(before)).toBe(true);
  });
});
