/**
 * Names in every script a start list may carry, and the export fixture's race with them: Chinese, Arabic, Hebrew,
 * Thai, Devanagari, Korean, Japanese, and a 200-character name without a space.
 */
import { afterAll, beforeAll } from 'vitest';
import type { RaceView } from '../../app/api/types.js';
import { createApiClient } from '../../app/api/client.js';
import { dispatchCall } from '../../app/api/dispatch.js';
import { readRaceEvidence, type RaceEvidence } from '../../app/exports/evidence-files.js';
import { createService } from '../../app/service/create-service.js';
import { initRaceFolder } from '../../app/store/race-store.js';
import { FIXTURE_ENTRIES, FIXTURE_EVENT, makeExportFixture, type ExportFixture } from './export-fixture.js';

export const LONG_NAME = `Wolfeschlegelsteinhausenbergerdorff${'x'.repeat(200 - 35 - 3)}END`;

/** By the fixture's competitor ids: finishers 7, 12, 3, 21, 5 and the DNF 9. */
export const SCRIPT_NAMES: Record<string, string> = {
  '7': '王小明',
  '12': 'محمد عبد الله',
  '3': 'דוד לוי',
  '21': 'สมชาย ใจดี',
  '5': 'राहुल शर्मा',
  '9': '김민준 山田 太郎',
};

/** The view with these names in place of the fixture's (first and last names dropped: the names stand alone). */
export function withNames(view: RaceView, names: Record<string, string>): RaceView {
  const v = structuredClone(view);
  for (const c of v.competitors) {
    const n = names[c.id];
    if (n === undefined) continue;
    c.name = n;
    delete c.firstName;
    delete c.lastName;
  }
  const nameOf = (id: string, old: string) => names[id] ?? old;
  v.results.finishers = v.results.finishers.map((f) => ({ ...f, name: nameOf(f.competitor, f.name) }));
  v.results.others = v.results.others.map((o) => ({ ...o, name: nameOf(o.competitor, o.name) }));
  return v;
}

/**
 * A certified export fixture for the test file (made before its tests, removed after), and the view and evidence
 * of that race with the given names.
 */
export function certifiedRaceWithNames(): (names: Record<string, string>) => Promise<{ view: RaceView; ev: RaceEvidence }> {
  let fx: ExportFixture;
  beforeAll(async () => {
    fx = await makeExportFixture({ certified: true });
  });
  afterAll(async () => {
    await fx.cleanup();
  });
  return async (names) => {
    const view = withNames(fx.view, names);
    return { view, ev: await readRaceEvidence(view, fx.dir) };
  };
}

/**
 * The export fixture as a real race through the store (race.json and audit log), its start list carrying `names`
 * (first and last names dropped), opened through the service's typed API with three finishers marked.
 */
export async function makeNamedStoreRace(dataDir: string, names: Record<string, string>): Promise<{ fx: ExportFixture; api: ReturnType<typeof createApiClient>; raceId: string }> {
  const fx = await makeExportFixture({ evidenceOnly: true });
  const competitors = FIXTURE_ENTRIES.map((e) => {
    const { firstName: _f, lastName: _l, ...c } = e.c;
    return { ...c, name: names[c.id] ?? c.name };
  });
  await initRaceFolder(fx.dir, { manifestSha256: fx.manifestSha256, meta: fx.view.meta, event: FIXTURE_EVENT, sport: 'athletics', competitors, actor: 'Jane Official', at: '2026-06-14T15:20:30.000Z' });
  const running = createService({ shell: 'cli', dataDir });
  const api = createApiClient((name, args) => dispatchCall(running.service, name, args));
  const { raceId } = await api.openRace({ path: fx.dir });
  await api.placeMark({ raceId, competitorId: '7', column: 200.5, by: 'Jane Official' });
  await api.placeMark({ raceId, competitorId: '12', column: 230, by: 'Jane Official' });
  await api.placeMark({ raceId, competitorId: '3', column: 262.4, by: 'Jane Official' });
  return { fx, api, raceId };
}
