/** What officials do to a race: competitors, marks, dead heats, certification, and what they read back. */
import { z } from 'zod';
import { method } from '../define.js';
import { competitor, sportName, distanceName } from '../../domain/race/document.js';
import { going, raceType, surface } from '../../domain/sports/horse-scale.js';
import type { AuditEntryView, LeanRaceView, ResultsReport, VerifyReport } from '../types.js';
import { actor, filePath, raceId } from './app.js';
import type { StartListPreview } from '../../domain/start-list/start-list-diff.js';

const competitorId = z.string().trim().min(1).max(32);

export const adjudicationMethods = {
  /** `event`: for a lynx.evt holding several events, which one (`event`, `event-round` or `event-round-heat`). */
  importStartList: method(z.object({ raceId, path: filePath, by: actor, event: z.string().trim().min(1).max(40).optional() })).returns<LeanRaceView>(),
  /** The start list as edited in the app's table (add, edit, remove, paste): the whole list after the edit; audited. */
  editStartList: method(z.object({ raceId, competitors: z.array(competitor).max(10_000), by: actor })).returns<LeanRaceView>(),
  /** What importing `path` would change (nothing is recorded): the preview before importStartList. */
  previewStartList: method(z.object({ raceId, path: filePath, event: z.string().trim().min(1).max(40).optional() })).returns<StartListPreview>(),
  addCompetitor: method(z.object({ raceId, competitor, by: actor })).returns<LeanRaceView>(),
  setSport: method(
    z.object({
      raceId,
      sport: sportName,
      lengthsPerSecond: z.union([z.string(), z.number()]).transform(String).optional(),
      /** Horse racing: the race type, going and surface choose the lengths-per-second scale. */
      raceType: raceType.optional(),
      going: going.optional(),
      surface: surface.optional(),
      distanceTable: z.array(distanceName).optional(),
      by: actor,
    }),
  ).returns<LeanRaceView>(),
  setDirection: method(z.object({ raceId, direction: z.enum(['ltr', 'rtl']), by: actor })).returns<LeanRaceView>(),
  /**
   * Places (or moves) a competitor's hairline: at a fractional composite column (read from the image), at a time
   * (`typed`: keyed in by hand, flagged everywhere), or by accepting detected edge `suggestion`.
   */
  placeMark: method(
    z
      .object({
        raceId,
        competitorId,
        column: z.number().finite().nonnegative().optional(),
        timeS: z.union([z.string(), z.number().finite()]).transform(String).optional(),
        suggestion: z.number().int().nonnegative().optional(),
        /** With `timeS`: true (default) for a time keyed in by hand, false for a time read off the image. */
        typed: z.boolean().optional(),
        /** With `timeS`: a hand-timed (stopwatch) time, published to 1/10 s rounded up with an "h". */
        hand: z.boolean().optional(),
        by: actor,
      })
      .refine((a) => [a.column, a.timeS, a.suggestion].filter((v) => v !== undefined).length === 1, {
        message: 'give exactly one of column, timeS or suggestion',
      })
      .refine((a) => !a.hand || a.timeS !== undefined, { message: 'a hand time is a time (timeS), not a column or a suggestion' }),
  ).returns<LeanRaceView>(),
  removeMark: method(z.object({ raceId, competitorId, by: actor })).returns<LeanRaceView>(),
  undo: method(z.object({ raceId, by: actor })).returns<LeanRaceView>(),
  redo: method(z.object({ raceId, by: actor })).returns<LeanRaceView>(),
  declareDeadHeat: method(z.object({ raceId, competitors: z.array(competitorId).min(2), by: actor })).returns<LeanRaceView>(),
  certify: method(z.object({ raceId, official: actor, role: z.string().trim().min(1).max(120).default('Chief photo-finish judge') })).returns<LeanRaceView>(),
  amend: method(
    z.object({
      raceId,
      by: actor,
      // Say what is wrong with the reason given: missing, or too short to say anything ("ok").
      reason: z
        .string()
        .trim()
        .min(1, { error: 'a reason is required', abort: true })
        .min(3, { error: (iss) => `"${String(iss.input)}" is too short to be a reason: say in a few words why the race is reopened (at least 3 characters)` })
        .max(2000),
    }),
  ).returns<LeanRaceView>(),
  getResults: method(z.object({ raceId })).returns<ResultsReport>(),
  /** `head`: an audit head printed on an earlier sheet (full or at least 12 leading hex digits) that the chain must still hold. */
  verifyRace: method(z.object({ raceId, head: z.string().regex(/^[0-9a-fA-F]{12,64}$/, 'must be an audit head: 12 to 64 hex digits').optional() })).returns<VerifyReport>(),
  getAudit: method(z.object({ raceId })).returns<AuditEntryView[]>(),
};
