/** Service operations of the official record (see app/api/methods/record.ts); each is one audited change. */
import type { PhotofinishService } from '../api/contract.js';
import type { recordMethods } from '../api/methods/record.js';
import * as commands from '../domain/race/commands/index.js';
import path from 'node:path';
import { listStartListEvents } from '../store/start-list-file.js';
import type { ServiceContext } from './context.js';
import { raceChanger } from './race-change.js';

export type RecordService = Pick<PhotofinishService, keyof typeof recordMethods>;

export function createRecordService(ctx: ServiceContext): RecordService {
  const change = raceChanger(ctx);
  return {
    async setEvent({ raceId, by, ...fields }) {
      return change(raceId, by, (s) => commands.setEvent(s, fields));
    },
    async setStatus({ raceId, competitorId, status, rule, reason, by }) {
      return change(raceId, by, (s, _ev, at) =>
        commands.setStatus(s, { competitorId, status, by, at, ...(rule !== undefined ? { rule } : {}), ...(reason !== undefined ? { reason } : {}) }),
      );
    },
    async clearStatus({ raceId, competitorId, by }) {
      return change(raceId, by, (s) => commands.clearStatus(s, competitorId));
    },
    async setDistance({ raceId, competitorId, distance, reason, by }) {
      // The BHA's limits are checked against the result the evidence gives (the first three distances, ±3 lengths).
      return change(raceId, by, (s, ev, at) => commands.setDistance(s, { competitorId, distance, reason, by, at }, { times: ev.times, gaps: ev.manifest.gaps }));
    },
    async clearDistance({ raceId, competitorId, by }) {
      return change(raceId, by, (s) => commands.clearDistance(s, competitorId));
    },
    async listStartListEvents({ path: file }) {
      return listStartListEvents(path.resolve(file));
    },
    async withdrawDeadHeat({ raceId, competitors, reason, by }) {
      return change(raceId, by, (s, _ev, at) => commands.withdrawDeadHeat(s, competitors, by, at, reason));
    },
  };
}
