/**
 * One change to a race, as every service area makes it: the domain command sees the state the log proves and the
 * race's evidence; its entry is appended, the snapshot rewritten, every client told (`race-changed`), and the new
 * view returned (lean: what crosses the API).
 */
import type { LeanRaceView } from '../api/types.js';
import type { Change } from '../domain/race/commands/index.js';
import type { RaceState } from '../domain/race/replay.js';
import { loadRaceEvidence, type RaceEvidence } from '../store/race-evidence-cache.js';
import { systemErrorCondition } from '../domain/system-errors.js';
import { commitChangeOutcome } from '../store/race-store.js';
import type { ServiceContext } from './context.js';
import { buildRaceView, leanView } from './race-view.js';
import { publishAfterChange } from './meet-publish.js';

export type BuildChange = (state: RaceState, evidence: RaceEvidence, at: string) => Change;
export type RaceChanger = (raceId: string, actor: string, build: BuildChange) => Promise<LeanRaceView>;

export function raceChanger(ctx: ServiceContext): RaceChanger {
  return async (raceId, actor, build) => {
    const dir = ctx.races.pathOf(raceId);
    const evidence = await loadRaceEvidence(dir);
    const at = new Date().toISOString();
    let action = 'change';
    const { state, snapshotError } = await commitChangeOutcome(dir, (s) => {
      const body = { actor, at, ...build(s, evidence, at) };
      action = body.action;
      return body;
    });
    ctx.emit({ type: 'race-changed', raceId, revision: state.doc.revision, auditCount: state.doc.audit.count });
    const view = buildRaceView(raceId, dir, state, evidence);
    // The entry is the truth and it is in: say so, and that the snapshot is repaired on the next open.
    if (snapshotError !== undefined) view.saveNote = snapshotNote(action, snapshotError);
    await publishAfterChange(ctx, dir, view);
    return leanView(view);
  };
}

/** What a change whose snapshot failed recorded, in words: "the certification is recorded; ...". */
function snapshotNote(action: string, err: unknown): string {
  const what: Record<string, string> = {
    'race.certified': 'the certification',
    'race.amended': 'the amendment',
    'mark.placed': 'the mark',
    'mark.removed': 'the removal of the mark',
    'dead-heat.declared': 'the dead heat',
    'start-list.imported': 'the start list',
    'start.set': 'the start',
    'start.cleared': 'the clearing of the start',
    'zero-control.attached': 'the zero-control report',
    'start-list.edited': 'the start list',
  };
  return `${what[action] ?? 'the change'} is recorded; the race's snapshot could not be rewritten (${systemErrorCondition(err)}): it will be repaired when the race is next opened`;
}
