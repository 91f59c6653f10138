/**
 * The export fixture's evidence made into a real race through the store (race.json and audit log written by
 * `initRaceFolder`), opened through the service's typed API, for tests that mark, certify and export end to end.
 */
import { createApiClient } from '../../app/api/client.js';
import { dispatchCall } from '../../app/api/dispatch.js';
import { createService } from '../../app/service/create-service.js';
import { initRaceFolder } from '../../app/store/race-store.js';
import { FIXTURE_ENTRIES, FIXTURE_EVENT, makeExportFixture, type ExportFixture } from './export-fixture.js';

export interface StoreExportRace {
  fx: ExportFixture;
  api: ReturnType<typeof createApiClient>;
  raceId: string;
}

export async function makeStoreExportRace(dataDir: string): Promise<StoreExportRace> {
  const fx = await makeExportFixture({ evidenceOnly: true });
  await initRaceFolder(fx.dir, {
    manifestSha256: fx.manifestSha256,
    meta: fx.view.meta,
    event: FIXTURE_EVENT,
    sport: 'athletics',
    competitors: FIXTURE_ENTRIES.map((e) => e.c),
    actor: 'Jane Official',
    at: '2026-06-14T15:20:30.000Z',
  });
  const running = createService({ shell: 'cli', dataDir });
  const api = createApiClient((name, args) => dispatchCall(running.service, name, args));
  const race = await api.openRace({ path: fx.dir });
  return { fx, api, raceId: race.raceId };
}
