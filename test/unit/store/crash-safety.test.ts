import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRaceFolder } from '../../../app/store/race-store.js';
import { verifyRaceFolder } from '../../../app/store/verify-race.js';
import { runAndKill } from '../../helpers/kill-loop.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

const loopScript = fileURLToPath(new URL('../../helpers/save-loop.ts', import.meta.url));

let fixture: RaceFixture;
beforeEach(async () => {
  fixture = await makeRaceFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

/** Runs the save loop until it has committed `commits` changes plus a little, then SIGKILLs it. */
const runSaveLoopAndKill = (dir: string, commits: number, extraMs: number) => runAndKill(loopScript, dir, commits, extraMs);

describe('two processes saving to the same race', () => {
  it('take turns: the chain stays whole and every committed change is in it', async () => {
    const [a, b] = await Promise.all([runSaveLoopAndKill(fixture.dir, 15, 0), runSaveLoopAndKill(fixture.dir, 15, 0)]);
    const opened = await openRaceFolder(fixture.dir);
    expect(opened.problems).toEqual([]);
    expect(opened.state.doc.audit.count).toBeGreaterThanOrEqual(Math.max(a, b));
    expect(new Set(opened.entries.slice(1).map((e) => e.actor))).toEqual(new Set(['Loop']));
    expect(await verifyRaceFolder(fixture.dir)).toEqual({ intact: true, findings: [] });
  });
});

describe('a kill -9 during saving', () => {
  it('leaves the last committed state openable and verifiable, every time', async () => {
    // Killing a few ms after a reported commit lands between the log append and the document rewrite about
    // one time in three (measured: 8 of 25), so several rounds exercise the recovery as well as clean stops.
    for (const [commits, extraMs] of [
      [5, 0],
      [8, 1],
      [11, 2],
      [14, 3],
      [17, 5],
      [20, 8],
    ] as const) {
      const committed = await runSaveLoopAndKill(fixture.dir, commits, extraMs);
      // Read-only check first: crash leftovers are not findings, the record is whole.
      expect(await verifyRaceFolder(fixture.dir)).toEqual({ intact: true, findings: [] });
      const opened = await openRaceFolder(fixture.dir);
      expect(opened.problems).toEqual([]);
      // Everything reported as committed survived (one more may have been appended just before the kill).
      expect(opened.state.doc.audit.count).toBeGreaterThanOrEqual(committed);
      expect(opened.state.doc.audit.count).toBeLessThanOrEqual(committed + 1);
      const doc = JSON.parse(await fs.readFile(path.join(fixture.dir, 'race.json'), 'utf8'));
      expect(doc.audit.count).toBe(opened.state.doc.audit.count);
      expect((await fs.readdir(fixture.dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    }
    expect(await verifyRaceFolder(fixture.dir)).toEqual({ intact: true, findings: [] });
  });
});
