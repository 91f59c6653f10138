/**
 * One change to a race, as every service area makes it: the domain command sees the state the log proves and the
 * race's evidence; its entry is appended, the snapshot rewritten, every client told (`race-changed`), and the new
 * view returned.
 */
import type { RaceView } from '../api/types.js';
import type { Change } from '../domain/race/commands.js';
import type { RaceState } from '../domain/race/replay.js';
import { loadRaceEvidence, type RaceEvidence } from '../store/race-evidence-cache.js';
import { commitChange } from '../store/race-store.js';
import type { ServiceContext } from './context.js';
import { buildRaceView } from './race-view.js';

export type BuildChange = (state: RaceState, evidence: RaceEvidence, at: string) => Change;
export type RaceChanger = (raceId: string, actor: string, build: BuildChange) => Promise<RaceView>;

export function raceChanger(ctx: ServiceContext): RaceChanger {
  return async (raceId, actor, build) => {
    const dir = ctx.races.pathOf(raceId);
    const evidence = await loadRaceEvidence(dir);
    const at = new Date().toISOString();
    const state = await commitChange(dir, (s) => ({ actor, at, ...build(s, evidence, at) }));
    ctx.emit({ type: 'race-changed', raceId, revision: state.doc.revision, auditCount: state.doc.audit.count });
    return buildRaceView(raceId, dir, state, evidence);
  };
}
