import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../../app/api/events.js';
import { createService, type RunningService } from '../../../app/service/create-service.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

let fixture: RaceFixture;
let running: RunningService;
let events: ApiEvent[];
let dataDir: string;

beforeEach(async () => {
  fixture = await makeRaceFixture();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-data-'));
  running = createService({ shell: 'cli', dataDir });
  events = [];
  running.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await fixture.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const auditLines = async () => (await fs.readFile(path.join(fixture.dir, 'audit.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
const readDoc = async () => JSON.parse(await fs.readFile(path.join(fixture.dir, 'race.json'), 'utf8'));

describe('adjudicating a race through the API', () => {
  it('opens a race, remembers it, and records each change as exactly one audit entry', async () => {
    const s = running.service;
    const view = await s.openRace({ path: fixture.dir });
    expect(view.competitors.map((c) => c.id)).toEqual(['1', '2', '3', '4']);
    expect(view.auditCount).toBe(1);
    expect((await s.listRecentRaces({}))[0]?.path).toBe(await fs.realpath(fixture.dir));

    const v1 = await s.placeMark({ raceId: view.raceId, competitorId: '2', column: 2.5, by: 'Jane' });
    expect(v1.results.finishers[0]).toMatchObject({ place: 1, competitor: '2', time_ns: '10002500000', time_display: '10.003', typed: false });
    const v2 = await s.placeMark({ raceId: view.raceId, competitorId: '1', timeS: '10.0021', by: 'Jane' });
    expect(v2.results.finishers[0]).toMatchObject({ competitor: '1', typed: true, time_display: '10.002' });
    expect(v2.marks.find((m) => m.competitorId === '1')).toMatchObject({ origin: 'typed', by: 'Jane', position: { kind: 'time', ns: '10002100000' } });
    const lines = await auditLines();
    expect(lines.map((l) => l.action)).toEqual(['race.created', 'mark.placed', 'mark.placed']);
    expect(lines[2].prev).toBe(lines[1].hash);
    expect(events).toEqual([
      { type: 'race-changed', raceId: view.raceId, revision: 1, auditCount: 2 },
      { type: 'race-changed', raceId: view.raceId, revision: 1, auditCount: 3 },
    ]);
    expect((await readDoc()).audit.count).toBe(3);
  });

  it('undoes and redoes, each as its own audit entry', async () => {
    const s = running.service;
    const { raceId } = await s.openRace({ path: fixture.dir });
    await s.placeMark({ raceId, competitorId: '1', column: 1, by: 'Jane' });
    await s.placeMark({ raceId, competitorId: '1', column: 3, by: 'Jane' });
    let v = await s.undo({ raceId, by: 'Jane' });
    expect(v.marks[0]?.position).toEqual({ kind: 'column', milliColumn: 1000 });
    expect([v.canUndo, v.canRedo]).toEqual([true, true]);
    v = await s.undo({ raceId, by: 'Jane' });
    expect(v.marks).toEqual([]);
    expect(v.canUndo).toBe(false);
    await expect(s.undo({ raceId, by: 'Jane' })).rejects.toThrow('nothing to undo');
    v = await s.redo({ raceId, by: 'Jane' });
    expect(v.marks[0]?.position).toEqual({ kind: 'column', milliColumn: 1000 });
    // A new change clears what could be redone.
    v = await s.removeMark({ raceId, competitorId: '1', by: 'Jane' });
    expect(v.canRedo).toBe(false);
    expect((await auditLines()).map((l) => l.action)).toEqual(['race.created', 'mark.placed', 'mark.placed', 'undo', 'undo', 'redo', 'mark.removed']);
    // The same state is rebuilt from the log by a fresh service.
    const again = await createService({ shell: 'cli', dataDir }).service.openRace({ path: fixture.dir });
    expect(again.marks).toEqual([]);
    expect(again.canUndo).toBe(true);
  });

  it('certification freezes the race; an amendment by a named official reopens it as the next revision', async () => {
    const s = running.service;
    const { raceId } = await s.openRace({ path: fixture.dir });
    await s.placeMark({ raceId, competitorId: '1', column: 1.5, by: 'Jane' });
    await s.placeMark({ raceId, competitorId: '2', column: 1.5, by: 'Jane' });
    await s.declareDeadHeat({ raceId, competitors: ['1', '2'], by: 'Referee' });
    await expect(s.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' })).rejects.toThrow('cannot certify: competitors #3, #4 have neither a mark nor a status (DNS, DNF or DQ)');
    await s.setStatus({ raceId, competitorId: '3', status: 'DQ', rule: 'TR 17.3.1', by: 'Referee' });
    await s.setStatus({ raceId, competitorId: '4', status: 'DNS', by: 'Starter' });
    const certified = await s.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' });
    expect(certified.certified).toMatchObject({ revision: 1, official: 'Jane Judge', role: 'Chief photo-finish judge', auditHead: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(certified.results.certified).toBe(true);
    expect(certified.results.finishers.slice(0, 2).map((f) => [f.place, f.dead_heat])).toEqual([
      [1, true],
      [1, true],
    ]);

    const docBefore = await fs.readFile(path.join(fixture.dir, 'race.json'), 'utf8');
    const logBefore = await fs.readFile(path.join(fixture.dir, 'audit.jsonl'), 'utf8');
    await expect(s.placeMark({ raceId, competitorId: '3', column: 4, by: 'Jane' })).rejects.toThrow(
      'cannot mark competitor 3: the race is certified (revision 1, by Jane Judge); amend it first',
    );
    await expect(s.removeMark({ raceId, competitorId: '1', by: 'Jane' })).rejects.toThrow(/certified/);
    await expect(s.setSport({ raceId, sport: 'athletics', by: 'Jane' })).rejects.toThrow(/certified/);
    await expect(s.undo({ raceId, by: 'Jane' })).rejects.toThrow(/certified/);
    await expect(s.certify({ raceId, official: 'X', role: 'Y' })).rejects.toThrow(/already certified/);
    expect(await fs.readFile(path.join(fixture.dir, 'race.json'), 'utf8')).toBe(docBefore);
    expect(await fs.readFile(path.join(fixture.dir, 'audit.jsonl'), 'utf8')).toBe(logBefore);

    const amended = await s.amend({ raceId, by: 'Chief Referee', reason: 'Lane 3 protest upheld' });
    expect([amended.revision, amended.certified]).toEqual([2, null]);
    expect(amended.results.amendments).toEqual([{ revision: 2, by: 'Chief Referee', reason: 'Lane 3 protest upheld', at: expect.any(String) }]);
    await s.clearStatus({ raceId, competitorId: '3', by: 'Chief Referee' });
    const marked = await s.placeMark({ raceId, competitorId: '3', column: 4, by: 'Jane' });
    expect(marked.results.finishers.find((f) => f.competitor === '3')?.place).toBe(3);
    const second = await s.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' });
    expect(second.certified?.revision).toBe(2);
    expect((await readDoc()).certifications).toHaveLength(2);
    expect((await s.verifyRace({ raceId })).intact).toBe(true);
  });

  it('refuses what the rules forbid with one-line messages', async () => {
    const s = running.service;
    const { raceId } = await s.openRace({ path: fixture.dir });
    await expect(s.placeMark({ raceId, competitorId: '99', column: 1, by: 'J' })).rejects.toThrow('competitor 99 is not on the start list');
    await expect(s.placeMark({ raceId, competitorId: '1', column: 12, by: 'J' })).rejects.toThrow('column 12 is outside the composite (columns 0 to 9)');
    await expect(s.placeMark({ raceId, competitorId: '1', timeS: '9.5', typed: false, by: 'J' })).rejects.toThrow(/outside the recording/);
    await expect(s.declareDeadHeat({ raceId, competitors: ['1', '2'], by: 'R' })).rejects.toThrow('competitor 1 has no mark; mark every competitor of a dead heat first');
    await expect(s.amend({ raceId, by: 'R', reason: 'because' })).rejects.toThrow(/only a certified race can be amended/);
    await expect(s.certify({ raceId, official: 'J', role: 'Judge' })).rejects.toThrow('cannot certify a race without any marks');
    await expect(s.setSport({ raceId, sport: 'athletics', lengthsPerSecond: '5', by: 'J' })).rejects.toThrow(/horse racing only/);
    await expect(s.placeMark({ raceId, competitorId: '1', suggestion: 0, by: 'J' })).rejects.toThrow('no suggestion 0 (0 edges detected)');
    expect((await auditLines()).length).toBe(1);
  });

  it('imports a start list and adds competitors; refuses to drop a marked competitor', async () => {
    const s = running.service;
    const { raceId } = await s.openRace({ path: fixture.dir });
    const csv = path.join(fixture.dir, '..', 'list.csv');
    await fs.writeFile(csv, 'id,name,team,lane\n1,Ann Able,Club A,1\n7,Gus Gray,Club G,7\n');
    let v = await s.importStartList({ raceId, path: csv, by: 'Clerk' });
    expect(v.competitors.map((c) => c.id)).toEqual(['1', '7']);
    v = await s.addCompetitor({ raceId, competitor: { id: '8', name: 'Hal Hunt' }, by: 'Clerk' });
    expect(v.competitors.map((c) => c.id)).toEqual(['1', '7', '8']);
    await s.placeMark({ raceId, competitorId: '7', column: 2, by: 'J' });
    await fs.writeFile(csv, 'id,name\n1,Ann Able\n');
    await expect(s.importStartList({ raceId, path: csv, by: 'Clerk' })).rejects.toThrow('list.csv: leaves out competitor 7, who already has a mark; remove the mark first');
    const entry = (await auditLines())[1];
    expect(entry).toMatchObject({ action: 'start-list.imported', actor: 'Clerk', payload: { file: 'list.csv', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  it('switches sport and lengths per second, recalculating margins', async () => {
    const s = running.service;
    const { raceId } = await s.openRace({ path: fixture.dir });
    await s.placeMark({ raceId, competitorId: '1', column: 0, by: 'J' });
    await s.placeMark({ raceId, competitorId: '2', column: 5.5, by: 'J' });
    let v = await s.setSport({ raceId, sport: 'horse', by: 'J' });
    expect(v.results.finishers[1]).toMatchObject({ margin_display: 'short head', near_gap: true, resolution_s: 0.04 });
    v = await s.setSport({ raceId, sport: 'horse', lengthsPerSecond: '6', by: 'J' });
    expect(v.sport).toEqual({ sport: 'horse', lengthsPerSecond: '6' });
    v = await s.setSport({ raceId, sport: 'greyhound', by: 'J' });
    expect(v.results.finishers[1]?.margin_display).toBe('neck'); // 0.025 s × 12.5 = 0.31 L
  });
});

describe('opening damaged or foreign race documents', () => {
  it('refuses a document from a newer version with a clear message', async () => {
    const file = path.join(fixture.dir, 'race.json');
    const doc = await readDoc();
    doc.schemaVersion = 7;
    await fs.writeFile(file, JSON.stringify(doc));
    await expect(running.service.openRace({ path: fixture.dir })).rejects.toThrow(/written by a newer Photofinish \(race schema 7, this version reads up to 1\); update Photofinish/);
  });

  it('reports malformed JSON and never overwrites it', async () => {
    const file = path.join(fixture.dir, 'race.json');
    await fs.writeFile(file, '{"schema": "photofinish.race", oops');
    await expect(running.service.openRace({ path: fixture.dir })).rejects.toThrow(/race\.json: malformed JSON .*the file was left untouched/);
    expect(await fs.readFile(file, 'utf8')).toBe('{"schema": "photofinish.race", oops');
  });

  it('shows a document edited outside the app as a problem, from the log’s state, and refuses changes', async () => {
    const s = running.service;
    const { raceId } = await s.openRace({ path: fixture.dir });
    await s.placeMark({ raceId, competitorId: '1', column: 3, by: 'J' });
    const doc = await readDoc();
    doc.marks[0].position.milliColumn = 1000;
    await fs.writeFile(path.join(fixture.dir, 'race.json'), JSON.stringify(doc, null, 2));
    const v = await s.getRace({ raceId });
    expect(v.problems).toEqual(['race.json was edited outside the app (marks differ from the audit log)']);
    expect(v.marks[0]?.position).toEqual({ kind: 'column', milliColumn: 3000 });
    await expect(s.placeMark({ raceId, competitorId: '2', column: 3, by: 'J' })).rejects.toThrow(/changes are refused until the race record is sound: race\.json was edited outside the app/);
  });
});
