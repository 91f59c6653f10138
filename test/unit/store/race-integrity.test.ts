/**
 * The kept outcome of checking a certified race (issue 21 item 1): fast on the next open, yet a file rewritten
 * and re-dated to its old modification time is still seen (the change time moves), and a cache file written by
 * anyone but this installation counts for nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RACE_LAYOUT } from '../../../app/domain/race/evidence.js';
import { createService } from '../../../app/service/create-service.js';
import { raceIntegrity } from '../../../app/service/race-trust.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

let fixture: RaceFixture;
let dataDir: string;

beforeEach(async () => {
  fixture = await makeRaceFixture();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-integrity-'));
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

describe('the kept integrity check', () => {
  it('keeps the outcome, and sees a composite rewritten and re-dated to its old time', async () => {
    const ctx = { dataDir, sealer: null };
    const composite = path.join(fixture.dir, RACE_LAYOUT.compositePng);
    // A whole-second time, so setting it back restores it exactly (size and mtime then say nothing).
    const when = new Date('2026-06-01T12:00:00.000Z');
    await fs.utimes(composite, when, when);
    const before = await fs.stat(composite, { bigint: true });
    expect(await raceIntegrity(ctx, fixture.dir)).toEqual({ ok: true, problems: [] });
    expect(await fs.readdir(path.join(dataDir, 'integrity-cache'))).toHaveLength(1);
    const bytes = await fs.readFile(composite);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] as number) ^ 0xff;
    await fs.writeFile(composite, bytes);
    await fs.utimes(composite, when, when);
    const rewritten = await fs.stat(composite, { bigint: true });
    expect([rewritten.size, rewritten.mtimeNs, rewritten.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
    const after = await raceIntegrity(ctx, fixture.dir);
    expect(after.ok).toBe(false);
    expect(after.problems).toContain(`composite changed: ${composite}`);
  });

  it('ignores a kept outcome it did not write itself', async () => {
    const ctx = { dataDir, sealer: null };
    await fs.appendFile(path.join(fixture.dir, 'audit.jsonl'), '{"not":"an entry"}\n');
    expect((await raceIntegrity(ctx, fixture.dir)).ok).toBe(false);
    // A forger turns the kept outcome for this very stamp into "ok", without this installation's key for the MAC.
    const dir = path.join(dataDir, 'integrity-cache');
    const file = path.join(dir, (await fs.readdir(dir))[0] as string);
    const kept = JSON.parse(await fs.readFile(file, 'utf8')) as { body: string; mac: string };
    const forged = JSON.stringify({ ...(JSON.parse(kept.body) as object), outcome: { ok: true, problems: [] } });
    await fs.writeFile(file, JSON.stringify({ body: forged, mac: kept.mac }));
    expect((await raceIntegrity(ctx, fixture.dir)).ok).toBe(false);
  });
});
