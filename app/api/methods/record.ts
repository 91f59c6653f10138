/** The official record: which event a race is, competitors who take no place (DNS, DNF, DQ), dead-heat withdrawal. */
import { z } from 'zod';
import { method } from '../define.js';
import { statusName } from '../../domain/race/status.js';
import type { LeanRaceView } from '../types.js';
import type { StartListEvents } from '../../domain/start-list/lynx-schedule.js';
import { actor, filePath, raceId } from './app.js';

const competitorId = z.string().trim().min(1).max(32);
/** A field of the event: a value sets it, null (or '') clears it, absent leaves it. */
const textField = z.string().max(200).nullable().optional();
const numberField = z.number().finite().nullable().optional();

export const recordMethods = {
  setEvent: method(
    z.object({
      raceId,
      by: actor,
      number: numberField,
      round: numberField,
      heat: numberField,
      name: textField,
      meet: textField,
      venue: textField,
      /** YYYY-MM-DD */
      date: textField,
      /** HH:MM[:SS[.sss]], the official start time of day */
      startTime: textField,
      distanceM: numberField,
      windMps: numberField,
    }),
  ).returns<LeanRaceView>(),
  setStatus: method(
    z.object({
      raceId,
      competitorId,
      status: statusName,
      /** DQ only: the rule broken. */
      rule: z.string().max(200).optional(),
      reason: z.string().max(2000).optional(),
      by: actor,
    }),
  ).returns<LeanRaceView>(),
  clearStatus: method(z.object({ raceId, competitorId, by: actor })).returns<LeanRaceView>(),
  /** Horse racing: the judge's own distance behind the finisher ahead, with the reason (audited). */
  setDistance: method(z.object({ raceId, competitorId, distance: z.string().trim().min(1).max(40), reason: z.string().max(2000), by: actor })).returns<LeanRaceView>(),
  clearDistance: method(z.object({ raceId, competitorId, by: actor })).returns<LeanRaceView>(),
  /** The events of a lynx.evt (in the order of the lynx.sch beside it, where there is one), for the set-up screen. */
  listStartListEvents: method(z.object({ path: filePath })).returns<StartListEvents>(),
  withdrawDeadHeat: method(z.object({ raceId, competitors: z.array(competitorId).min(1), reason: z.string().max(2000).optional(), by: actor })).returns<LeanRaceView>(),
};
