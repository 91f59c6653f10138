/** App-level operations: info, recent races, opening and closing races, a race's evidence, native dialogs. */
import { suggestAtBuild } from './suggest-at-build.js';
import type { PhotofinishService } from '../api/contract.js';
import type { appMethods } from '../api/methods/app.js';
import { SOFTWARE } from '../runtime/version.js';
import type { ServiceContext } from './context.js';
import { listRecentRaces, rememberRecentRace } from '../store/recent-races.js';
import { raceFolderOf } from '../store/race-folder.js';
import { recordRaceSources } from '../store/source-index.js';
import { leanView, loadRaceView } from './race-view.js';
import { loadRaceEvidence } from '../store/race-evidence-cache.js';
import { logRendererFailure, logWarning } from '../runtime/log.js';
import { systemErrorCondition } from '../domain/system-errors.js';

export type AppService = Pick<PhotofinishService, keyof typeof appMethods>;

export function createAppService(ctx: ServiceContext): AppService {
  // Named so openDemoRace can open the rendered race through this same service's openRace.
  const api: AppService = {
    async getAppInfo() {
      return {
        name: SOFTWARE.name,
        version: SOFTWARE.version,
        shell: ctx.shell === 'electron' ? 'electron' : 'browser',
        nativeDialogs: ctx.dialogs !== null,
        demoRacePath: null,
        startup: ctx.startup,
      };
    },
    async listRecentRaces() {
      return listRecentRaces(ctx.dataDir);
    },
    async openDemoRace() {
      // Rendered and built on first use into the data folder (truth at <dataDir>/demo/source/truth.json). Loaded
      // here, not at start-up: rendering pulls in sharp and the whole build.
      const { ensureDemoRace } = await import('../demo/demo-race.js');
      const racePath = await ensureDemoRace(ctx.dataDir, suggestAtBuild);
      return api.openRace({ path: racePath });
    },
    async openRace({ path: given, readOnly }) {
      const dir = await raceFolderOf(given);
      const raceId = await ctx.races.register(dir);
      const view = await loadRaceView(ctx, raceId, { readOnly });
      // A convenience list: a full disk or an unwritable data folder must not stop anyone opening a race.
      await rememberRecentRace(ctx.dataDir, { path: view.path, name: view.meta.name, openedAt: new Date().toISOString() }).catch((err: unknown) =>
        logWarning(`the list of recent races could not be saved in ${ctx.dataDir} (${systemErrorCondition(err)})`, 'openRace'),
      );
      // Races built before the index existed (or elsewhere) join it when opened, so writers refuse their footage too.
      await recordRaceSources(ctx.dataDir, view.path, view.evidence).catch((err: unknown) =>
        logWarning(`the index of race sources could not be saved in ${ctx.dataDir} (${systemErrorCondition(err)})`, 'openRace'),
      );
      return leanView(view);
    },
    async getRace({ raceId }) {
      return leanView(await loadRaceView(ctx, raceId));
    },
    async getEvidence({ raceId }) {
      return (await loadRaceEvidence(ctx.races.pathOf(raceId))).manifest;
    },
    async getColumnTimes({ raceId }) {
      const { timesNs, frames, manifest } = await loadRaceEvidence(ctx.races.pathOf(raceId));
      return { timesNs, frames, sha256: manifest.times.sha256 };
    },
    async closeRace({ raceId }) {
      ctx.races.forget(raceId);
    },
    async reportRendererFailure(report) {
      logRendererFailure(report);
    },
    async pickPath({ purpose, title }) {
      if (!ctx.dialogs) return { path: null };
      return { path: await ctx.dialogs.pick(purpose, title) };
    },
  };
  return api;
}
