/** App-level operations: info, recent races, opening and closing races, native dialogs. */
import type { PhotofinishService } from '../api/contract.js';
import type { appMethods } from '../api/methods/app.js';
import { SOFTWARE } from '../version.js';
import type { ServiceContext } from './context.js';
import { notYet } from './not-yet.js';

export type AppService = Pick<PhotofinishService, keyof typeof appMethods>;

export function createAppService(ctx: ServiceContext): AppService {
  return {
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
      return [];
    },
    async openDemoRace() {
      return notYet('openDemoRace');
    },
    async openRace() {
      return notYet('openRace');
    },
    async getRace() {
      return notYet('getRace');
    },
    async closeRace({ raceId }) {
      ctx.races.forget(raceId);
    },
    async pickPath({ purpose, title }) {
      if (!ctx.dialogs) return { path: null };
      return { path: await ctx.dialogs.pick(purpose, title) };
    },
  };
}
