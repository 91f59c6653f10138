import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../app/cli/main.js';
import { createService } from '../../../app/service/create-service.js';
import { verifyRaceFolder } from '../../../app/store/verify-race.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

let fixture: RaceFixture;
let dataDir: string;

beforeEach(async () => {
  fixture = await makeRaceFixture();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-data-'));
  const { service: s } = createService({ shell: 'cli', dataDir });
  const { raceId } = await s.openRace({ path: fixture.dir });
  await s.placeMark({ raceId, competitorId: '1', column: 2.5, by: 'Jane' });
  await s.placeMark({ raceId, competitorId: '2', column: 4, by: 'Jane' });
  await s.setStatus({ raceId, competitorId: '3', status: 'DNF', by: 'Jane' });
  await s.setStatus({ raceId, competitorId: '4', status: 'DNS', by: 'Jane' });
  await s.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' });
});
afterEach(async () => {
  await fixture.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The CLI of the installation that certified the race (its key is the one trusted). */
async function cli(...argv: string[]) {
  process.env.PHOTOFINISH_DATA_DIR = dataDir;
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), isTTY: false });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const auditFile = () => path.join(fixture.dir, 'audit.jsonl');

describe('verify', () => {
  it('prints "intact" and exits 0 for an untouched race', async () => {
    const report = await verifyRaceFolder(fixture.dir);
    expect(report).toMatchObject({ intact: true, findings: [] });
    // Signed, by a key the report names (not one of this test's installation keys: none were given).
    expect(report.signatures).toEqual([
      { revision: 1, official: 'Jane Judge', keyId: expect.stringMatching(/^[0-9a-f]{16}$/), fingerprint: expect.stringMatching(/^[0-9a-f]{4}( [0-9a-f]{4}){15}$/), thisInstallation: false, trusted: false },
    ]);
    const r = await cli('verify', fixture.dir);
    expect({ code: r.code, first: r.out.split('\n')[0], err: r.err }).toEqual({ code: 0, first: 'intact', err: '' });
  });

  it('catches an edited audit entry and names where the chain breaks', async () => {
    const lines = (await fs.readFile(auditFile(), 'utf8')).split('\n');
    lines[1] = (lines[1] as string).replace('"milliColumn":2500', '"milliColumn":2400');
    await fs.writeFile(auditFile(), lines.join('\n'));
    const r = await cli('verify', fixture.dir);
    expect(r.code).toBe(1);
    expect(r.out).toBe('audit chain broken at entry 2: entry content does not match its hash (edited)');
  });

  it('catches a removed audit entry', async () => {
    const lines = (await fs.readFile(auditFile(), 'utf8')).split('\n');
    lines.splice(2, 1);
    await fs.writeFile(auditFile(), lines.join('\n'));
    expect((await verifyRaceFolder(fixture.dir)).findings).toEqual(['audit chain broken at entry 3: sequence number 4 where 3 was expected']);
  });

  it('catches entries cut from the end of the log', async () => {
    const lines = (await fs.readFile(auditFile(), 'utf8')).trim().split('\n');
    await fs.writeFile(auditFile(), `${lines.slice(0, 2).join('\n')}\n`);
    expect((await verifyRaceFolder(fixture.dir)).findings).toEqual(['audit chain broken at entry 3: the log ends at entry 2 but race.json records 6 entries']);
  });

  it('catches a changed source frame and a deleted one', async () => {
    await fs.writeFile(fixture.frameFiles[1] as string, Buffer.from('not the frame'));
    await fs.rm(fixture.frameFiles[3] as string);
    const r = await cli('verify', fixture.dir);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').slice(0, 2)).toEqual([`frame changed: ${fixture.frameFiles[1]}`, `file missing: ${fixture.frameFiles[3]}`]);
  });

  it('catches a deleted composite and a changed time map (and the certified results they no longer support)', async () => {
    await fs.rm(path.join(fixture.dir, 'evidence/composite.png'));
    const times = path.join(fixture.dir, 'evidence/times.json');
    await fs.writeFile(times, (await fs.readFile(times, 'utf8')).replace('10002000000', '10002100000'));
    const { findings } = await verifyRaceFolder(fixture.dir);
    expect(findings).toEqual([
      `time map changed: ${times}`,
      `file missing: ${path.join(fixture.dir, 'evidence/composite.png')}`,
      'revision 1: the certified results no longer follow from the audit log and the evidence',
    ]);
  });

  it('catches race.json edited outside the app', async () => {
    const file = path.join(fixture.dir, 'race.json');
    const doc = JSON.parse(await fs.readFile(file, 'utf8'));
    doc.competitors[0].name = 'Someone Else';
    await fs.writeFile(file, JSON.stringify(doc, null, 2));
    expect((await verifyRaceFolder(fixture.dir)).findings).toEqual(['race.json was edited outside the app (competitors differ from the audit log)']);
  });

  it('catches an edited manifest', async () => {
    const file = path.join(fixture.dir, 'evidence/manifest.json');
    await fs.writeFile(file, (await fs.readFile(file, 'utf8')).replace('test frames', 'other frames'));
    const { findings } = await verifyRaceFolder(fixture.dir);
    expect(findings[0]).toBe(`evidence manifest changed since the race was built: ${file}`);
    expect(findings).toContain('revision 1 was certified with a different evidence manifest');
  });

  it('recomputes each of several certifications from the race as it stood then: a changed time names only the revision it changes', async () => {
    const { service: s } = createService({ shell: 'cli', dataDir });
    const { raceId } = await s.openRace({ path: fixture.dir });
    // Revision 1 (beforeEach): marks at columns 2.5 and 4. Revision 2 moves the first mark to 1.5, revision 3 back.
    await s.amend({ raceId, by: 'Chief Referee', reason: 'protest on the first place' });
    await s.placeMark({ raceId, competitorId: '1', column: 1.5, by: 'Jane' });
    await s.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' });
    await s.amend({ raceId, by: 'Chief Referee', reason: 'protest upheld on review' });
    await s.placeMark({ raceId, competitorId: '1', column: 2.5, by: 'Jane' });
    await s.placeMark({ raceId, competitorId: '2', column: 3.5, by: 'Jane' });
    await s.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' });
    const untouched = await verifyRaceFolder(fixture.dir);
    expect({ findings: untouched.findings, revisions: untouched.signatures?.map((g) => g.revision) }).toEqual({ findings: [], revisions: [1, 2, 3] });
    // Column 1's time moves: only revision 2 had a mark reading it.
    const times = path.join(fixture.dir, 'evidence/times.json');
    await fs.writeFile(times, (await fs.readFile(times, 'utf8')).replace('10001000000', '10001100000'));
    expect((await verifyRaceFolder(fixture.dir)).findings).toEqual([`time map changed: ${times}`, 'revision 2: the certified results no longer follow from the audit log and the evidence']);
  });
});
