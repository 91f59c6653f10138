/**
 * Suggestions computed during the build and stored with the evidence (issue 22 item 3): the demo race's build
 * writes evidence/suggestions.json, hashed in the manifest; detectEdges returns those (the same edges a fresh
 * detection finds) unless asked `again`; a changed file is refused by detect and reported by verify.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RACE_LAYOUT } from '../../../app/domain/race/evidence.js';
import { createService } from '../../../app/service/create-service.js';
import { sha256Bytes } from '../../../app/store/sha256.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-stored-suggest-'));
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('suggestions stored with the evidence', () => {
  it('are written by the build, hashed in the manifest, returned by detect, and refused once changed', async () => {
    const { service: s } = createService({ shell: 'cli', dataDir });
    const race = await s.openDemoRace({});
    const entry = (await s.getEvidence({ raceId: race.raceId })).suggestions;
    // The view says only that they are there (the hash is the evidence's).
    expect(race.evidence.suggestions).toEqual({ count: 4 });
    expect(entry).toEqual({ path: RACE_LAYOUT.suggestions, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), count: 4 });
    const file = path.join(race.path, RACE_LAYOUT.suggestions);
    expect(sha256Bytes(await fs.readFile(file))).toBe(entry?.sha256);

    const stored = (await s.detectEdges({ raceId: race.raceId })).edges;
    const again = (await s.detectEdges({ raceId: race.raceId, again: true })).edges;
    expect(stored).toHaveLength(4);
    expect(stored).toEqual(again);
    expect((await s.verifyRace({ raceId: race.raceId })).intact).toBe(true);

    // Evidence is sacred: an edited suggestions file is not used, and verify names it.
    const doc = JSON.parse(await fs.readFile(file, 'utf8')) as { edges: { time_ns: string }[] };
    doc.edges[0]!.time_ns = '1';
    await fs.writeFile(file, JSON.stringify(doc));
    const { service: fresh } = createService({ shell: 'cli', dataDir });
    const reopened = await fresh.openRace({ path: race.path });
    await expect(fresh.detectEdges({ raceId: reopened.raceId })).rejects.toThrow(/stored suggestions do not match their SHA-256/);
    expect((await fresh.verifyRace({ raceId: reopened.raceId })).findings.join('\n')).toContain(`stored suggestions changed: ${file}`);
  });
});
