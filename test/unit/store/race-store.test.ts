import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealEntry, serialiseEntry } from '../../../app/domain/audit/chain.js';
import { amend, certify, placeMark } from '../../../app/domain/race/commands/index.js';
import { commitChange, initRaceFolder, loadRace, openRaceFolder } from '../../../app/store/race-store.js';
import { verifyRaceFolder } from '../../../app/store/verify-race.js';
import { sha256Text } from '../../../app/store/sha256.js';
import { writeFileAtomic } from '../../../app/store/atomic-write.js';
import { defaultTimes, makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

let fixture: RaceFixture;
beforeEach(async () => {
  fixture = await makeRaceFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

const files = () => ({ doc: path.join(fixture.dir, 'race.json'), log: path.join(fixture.dir, 'audit.jsonl') });
const mark = (id: string, milliColumn: number) => (s: Parameters<typeof placeMark>[0]) => ({
  actor: 'J',
  ...placeMark(s, defaultTimes(), { competitorId: id, position: { kind: 'column', milliColumn }, origin: 'image', by: 'J', at: '2026-06-01T12:00:02.000Z' }),
});

describe('race store', () => {
  it('creates race.json and the first audit entry, and refuses to create a second race in the folder', async () => {
    const doc = JSON.parse(await fs.readFile(files().doc, 'utf8'));
    expect(doc).toMatchObject({ schema: 'photofinish.race', schemaVersion: 1, revision: 1, marks: [], audit: { count: 1 } });
    const [entry] = (await fs.readFile(files().log, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(entry).toMatchObject({ seq: 1, action: 'race.created', actor: 'Test Builder', prev: '0'.repeat(64), hash: doc.audit.head });
    await expect(
      initRaceFolder(fixture.dir, { manifestSha256: 'x', meta: { name: 'n' }, sport: 'motorsport', competitors: [], actor: 'a', at: 'now' }),
    ).rejects.toThrow(/a race already exists/);
  });

  it('recovers a document one entry behind the log (killed between append and rewrite)', async () => {
    await commitChange(fixture.dir, mark('1', 1000));
    const loaded = await loadRace(fixture.dir, { repair: false });
    const next = placeMark(loaded.state, defaultTimes(), { competitorId: '2', position: { kind: 'column', milliColumn: 2000 }, origin: 'image', by: 'J', at: 'x' });
    const entry = sealEntry(loaded.entries[1] ?? null, { at: 'x', actor: 'J', ...next }, sha256Text);
    await fs.appendFile(files().log, serialiseEntry(entry));
    expect((await verifyRaceFolder(fixture.dir)).intact).toBe(true);
    const opened = await openRaceFolder(fixture.dir);
    expect(opened.recovered).toEqual(['race.json brought up to date with audit entry 3 (the save was interrupted)']);
    expect(JSON.parse(await fs.readFile(files().doc, 'utf8')).marks.map((m: { competitorId: string }) => m.competitorId)).toEqual(['1', '2']);
  });

  it('drops an unfinished last log line (killed mid-append) and carries on', async () => {
    await commitChange(fixture.dir, mark('1', 1000));
    // Cut inside a two-byte character, as a crash can.
    await fs.appendFile(files().log, Buffer.concat([Buffer.from('{"action":"mark.placed","actor":"J'), Buffer.from('ü').subarray(0, 1)]));
    await fs.writeFile(path.join(fixture.dir, '.race.json.123.abcd.tmp'), 'half');
    const opened = await openRaceFolder(fixture.dir);
    expect(opened.problems).toEqual([]);
    expect(opened.recovered[0]).toMatch(/removed an unfinished audit entry/);
    await commitChange(fixture.dir, mark('2', 2000));
    expect(await verifyRaceFolder(fixture.dir)).toEqual({ intact: true, findings: [] });
    expect((await fs.readdir(fixture.dir)).some((n) => n.endsWith('.tmp'))).toBe(false);
  });

  it('rebuilds a committed certification whose last bytes were torn from race.json, never cuts it (issue 21 item 6)', async () => {
    // Before: the next change cut the torn bytes off, and with them the certification race.json recorded.
    await commitChange(fixture.dir, mark('1', 1000));
    const at = '2026-06-01T12:00:05.000Z';
    await commitChange(fixture.dir, (s) => ({ actor: 'A. Judge', at, ...certify(s, { official: 'A. Judge', role: 'Judge', at, manifestSha256: s.doc.evidence.manifestSha256, resultsSha256: 'f'.repeat(64), resultsRules: 1 }) }));
    const whole = await fs.readFile(files().log);
    await fs.writeFile(files().log, whole.subarray(0, whole.length - 40));
    const looked = await loadRace(fixture.dir, { repair: false });
    expect(looked.problems).toEqual([]);
    expect(looked.state.doc.certified?.official).toBe('A. Judge');
    expect(looked.recovered).toEqual(['audit entry 3 (the certification) is torn in the log; race.json holds it whole, and it is rebuilt from there when the race is next opened where it can be written']);
    // Any change command opens the race first: the certification is rebuilt, and the change then goes after it.
    await commitChange(fixture.dir, (s) => ({ actor: 'A. Referee', ...amend(s, 'A. Referee', 'protest', '2026-06-01T12:00:06.000Z') }));
    const after = await fs.readFile(files().log);
    expect(after.subarray(0, whole.length).equals(whole)).toBe(true);
    const opened = await loadRace(fixture.dir, { repair: false });
    expect(opened.problems).toEqual([]);
    expect(opened.entries.map((e) => e.action)).toEqual(['race.created', 'mark.placed', 'race.certified', 'race.amended']);
  });

  it('never cuts a torn last line that race.json records as committed, where it cannot be rebuilt', async () => {
    await commitChange(fixture.dir, mark('1', 1000));
    const whole = await fs.readFile(files().log);
    await fs.writeFile(files().log, whole.subarray(0, whole.length - 40));
    const opened = await openRaceFolder(fixture.dir);
    expect(opened.problems.map((p) => p.message)).toEqual(['audit chain broken at entry 2: its line is torn, though race.json records it as committed (it cannot be rebuilt from race.json)']);
    expect((await fs.readFile(files().log)).length).toBe(whole.length - 40);
  });

  it('takes over a lock left by a killed writer', async () => {
    await fs.writeFile(path.join(fixture.dir, 'race.lock'), '999999');
    await commitChange(fixture.dir, mark('1', 1000));
    await expect(fs.access(path.join(fixture.dir, 'race.lock'))).rejects.toThrow();
  });

  it('serialises concurrent changes in one process into a clean chain', async () => {
    await Promise.all(['1', '2', '3', '4'].map((id, i) => commitChange(fixture.dir, mark(id, 1000 * (i + 1)))));
    const opened = await openRaceFolder(fixture.dir);
    expect(opened.state.doc.audit.count).toBe(5);
    expect(opened.state.doc.marks).toHaveLength(4);
    expect(await verifyRaceFolder(fixture.dir)).toEqual({ intact: true, findings: [] });
  });

  it.skipIf(process.getuid?.() === 0)('opens a race in a read-only folder for viewing, and refuses changes clearly', async () => {
    await fs.chmod(fixture.dir, 0o555);
    try {
      const opened = await openRaceFolder(fixture.dir);
      expect(opened.problems).toEqual([]);
      await expect(commitChange(fixture.dir, mark('1', 1000))).rejects.toThrow(`${fixture.dir}: the race folder is read-only; it can be viewed and verified but changes cannot be saved`);
    } finally {
      await fs.chmod(fixture.dir, 0o755);
    }
  });

  it('writes atomically: the old content or the new, never a mix', async () => {
    const f = path.join(fixture.dir, 'x.json');
    await writeFileAtomic(f, 'old');
    await writeFileAtomic(f, 'new');
    expect(await fs.readFile(f, 'utf8')).toBe('new');
    expect((await fs.readdir(fixture.dir)).filter((n) => n.startsWith('.x.json'))).toEqual([]);
  });
});
