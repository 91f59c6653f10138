/**
 * What each audit entry of a race records (its `action` and `payload`). The payloads are complete enough that
 * replaying the log from `race.created` rebuilds the race document exactly: the log is the source of truth and
 * `race.json` only a snapshot of it. Edits that undo/redo can revert carry the slice they change before and after.
 */
import { z } from 'zod';
import { raceEvent } from '../event/race-event.js';
import { withdrawnDeadHeat } from './dead-heat-withdrawal.js';
import { amendment, certification, competitor, deadHeat, mark, raceMeta, sportSettings } from './document.js';
import { competitorStatus } from './status.js';
import { distanceOverride } from './distance-override.js';
import { startRecord, zeroControlRecord } from '../start/start-record.js';

/**
 * A reversible change to one slice of the race: one competitor's mark or status, the list of dead heats (and of
 * withdrawn ones), the event. `several` changes slices together as one decision (moving a mark that withdraws
 * the dead heat it supported), applied in order and undone in reverse.
 */
const simpleSlices = [
  z.object({ slice: z.literal('mark'), competitorId: z.string(), before: mark.nullable(), after: mark.nullable() }),
  z.object({ slice: z.literal('deadHeats'), before: z.array(deadHeat), after: z.array(deadHeat) }),
  z.object({ slice: z.literal('withdrawnDeadHeats'), before: z.array(withdrawnDeadHeat), after: z.array(withdrawnDeadHeat) }),
  z.object({ slice: z.literal('status'), competitorId: z.string(), before: competitorStatus.nullable(), after: competitorStatus.nullable() }),
  z.object({ slice: z.literal('event'), before: raceEvent.nullable(), after: raceEvent.nullable() }),
  z.object({ slice: z.literal('distance'), competitorId: z.string(), before: distanceOverride.nullable(), after: distanceOverride.nullable() }),
] as const;
export const simpleSliceChange = z.discriminatedUnion('slice', [...simpleSlices]);
export type SimpleSliceChange = z.infer<typeof simpleSliceChange>;
export const sliceChange = z.discriminatedUnion('slice', [
  ...simpleSlices,
  z.object({ slice: z.literal('several'), changes: z.array(simpleSliceChange).min(1) }),
]);
export type SliceChange = z.infer<typeof sliceChange>;

export const raceCreatedPayload = z.object({
  schemaVersion: z.number().int().positive(),
  id: z.string(),
  createdAt: z.string(),
  meta: raceMeta,
  evidence: z.object({ manifestPath: z.string(), manifestSha256: z.string() }),
  settings: z.object({ sport: sportSettings, direction: z.enum(['ltr', 'rtl']) }),
  competitors: z.array(competitor),
  /** The event, where the start list named it (a lynx.evt event line). */
  event: raceEvent.optional(),
});
export type RaceCreatedPayload = z.infer<typeof raceCreatedPayload>;

export const changePayloads = {
  'race.created': raceCreatedPayload,
  /** The start list as edited in the app's table (rows added, changed, removed or pasted): the whole list after it. */
  'start-list.edited': z.object({ competitors: z.array(competitor) }),
  /** The start list replaced from a file (name and SHA-256 of the file kept for the record). */
  'start-list.imported': z.object({
    file: z.string(),
    sha256: z.string(),
    competitors: z.array(competitor),
    /** The event after the import, where the file named one (its number, round, heat and name filled in). */
    event: raceEvent.optional(),
  }),
  'competitor.added': z.object({ competitor }),
  'sport.set': z.object({ sport: sportSettings }),
  'direction.set': z.object({ direction: z.enum(['ltr', 'rtl']) }),
  'mark.placed': z.object({ change: sliceChange }),
  'mark.removed': z.object({ change: sliceChange }),
  'dead-heat.declared': z.object({ change: sliceChange }),
  'dead-heat.withdrawn': z.object({ change: sliceChange }),
  'status.set': z.object({ change: sliceChange }),
  'status.cleared': z.object({ change: sliceChange }),
  'event.set': z.object({ change: sliceChange }),
  'distance.set': z.object({ change: sliceChange }),
  'distance.cleared': z.object({ change: sliceChange }),
  /** Reverts entry `undoes`; `change` is that entry's change reversed. */
  undo: z.object({ undoes: z.number().int().positive(), change: sliceChange }),
  /** Re-applies entry `redoes` (an entry that was undone); `change` is that entry's change. */
  redo: z.object({ redoes: z.number().int().positive(), change: sliceChange }),
  'race.certified': z.object({ certification }),
  'race.amended': z.object({ amendment }),
  /** Time zero set or changed (every image mark is re-timed by it); `start.cleared` keeps what it removed. */
  'start.set': z.object({ start: startRecord }),
  'start.cleared': z.object({ before: startRecord }),
  'zero-control.attached': z.object({ zeroControl: zeroControlRecord }),
} as const;

export type ChangeAction = keyof typeof changePayloads;
export type ChangePayload<A extends ChangeAction> = z.infer<(typeof changePayloads)[A]>;

/** Actions whose change the official can undo. */
export const UNDOABLE: ReadonlySet<string> = new Set([
  'mark.placed',
  'mark.removed',
  'dead-heat.declared',
  'dead-heat.withdrawn',
  'status.set',
  'status.cleared',
  'event.set',
  'distance.set',
  'distance.cleared',
]);

export function isChangeAction(action: string): action is ChangeAction {
  return Object.prototype.hasOwnProperty.call(changePayloads, action);
}

