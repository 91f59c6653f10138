/**
 * Service operations of the adjudication area (see app/api/methods/adjudication.ts). Each change goes through
 * the race store (one audit entry, then the snapshot), emits `race-changed`, and returns the new view.
 */
import path from 'node:path';
import type { PhotofinishService } from '../api/contract.js';
import type { EdgeSuggestion } from '../api/types.js';
import type { adjudicationMethods } from '../api/methods/adjudication.js';
import { canonicalJson } from '../domain/audit/canonical.js';
import { systemErrorCondition } from '../domain/system-errors.js';
import { UserError } from '../domain/errors.js';
import { toMilliColumn } from '../domain/time/column-time.js';
import * as commands from '../domain/race/commands.js';
import type { MarkPosition, SportSettings } from '../domain/race/document.js';
import type { RaceState } from '../domain/race/replay.js';
import { computeResults, resultsForHash } from '../domain/results/compute-results.js';
import { parseSecondsToTicks, secondsNumberToTicks } from '../domain/time/ticks.js';
import { loadRaceEvidence, type RaceEvidence } from '../store/race-evidence-cache.js';
import { commitChangeOutcome, readRaceFolder } from '../store/race-store.js';
import { sha256Text } from '../store/sha256.js';
import { signCertification } from '../store/certification-signature.js';
import { installationPublicKeys, loadInstallationKey, type InstallationKey } from '../store/installation-key.js';
import { readStartListFile } from '../store/start-list-file.js';
import { verifyRaceFolder } from '../store/verify-race.js';
import type { ServiceContext } from './context.js';
import { buildRaceView } from './race-view.js';

export type AdjudicationService = Pick<PhotofinishService, keyof typeof adjudicationMethods>;

type Build = (state: RaceState, evidence: RaceEvidence, at: string) => commands.Change;

export function createAdjudicationService(ctx: ServiceContext): AdjudicationService {
  /** One change: append its entry, rewrite the snapshot, tell every client, return the new view. */
  async function change(raceId: string, actor: string, build: Build) {
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
    if (snapshotError !== undefined) view.saveNote = snapshotNote(action, snapshotError);
    return view;
  }

  let key: Promise<InstallationKey> | null = null;
  /** This installation's signing key, loaded (or made) on the first certification. */
  const signingKey = () => {
    key ??= loadInstallationKey(ctx.dataDir, ctx.sealer);
    key.catch(() => (key = null));
    return key;
  };

  return {
    async importStartList({ raceId, path: file, by, event }) {
      const { competitors, sha256 } = await readStartListFile(path.resolve(file), event ? { event } : {});
      return change(raceId, by, (s) => commands.importStartList(s, path.basename(file), sha256, competitors));
    },
    async addCompetitor({ raceId, competitor, by }) {
      return change(raceId, by, (s) => commands.addCompetitor(s, competitor));
    },
    async setSport({ raceId, sport, lengthsPerSecond, distanceTable, by }) {
      const settings: SportSettings = { sport };
      if (lengthsPerSecond !== undefined) {
        if (sport !== 'horse') throw new UserError(`lengths per second apply to horse racing only (greyhound is fixed at one length per 0.08 s)`, 'INVALID_ARGUMENT');
        settings.lengthsPerSecond = lengthsPerSecond.trim();
      }
      if (distanceTable) settings.distanceTable = distanceTable;
      return change(raceId, by, (s) => commands.setSport(s, settings));
    },
    async setDirection({ raceId, direction, by }) {
      return change(raceId, by, (s) => commands.setDirection(s, direction));
    },
    async placeMark({ raceId, competitorId, column, timeS, suggestion, typed, by }) {
      let position: MarkPosition;
      let origin: 'image' | 'typed' | 'suggestion';
      let accepted: { index: number; uncertaintyNs: string; confidence: number } | undefined;
      if (column !== undefined) {
        position = { kind: 'column', milliColumn: toMilliColumn(column) };
        origin = 'image';
      } else if (timeS !== undefined) {
        position = { kind: 'time', ns: parseSecondsToTicks(timeS, 'time').toString() };
        origin = typed === false ? 'image' : 'typed';
      } else {
        const edge = await findSuggestion(ctx.races.pathOf(raceId), suggestion as number);
        // The refined crossing time is finer than a column; keep it exactly.
        position = { kind: 'time', ns: edge.time_ns };
        origin = 'suggestion';
        accepted = { index: suggestion as number, uncertaintyNs: secondsNumberToTicks(edge.uncertainty_s, 'uncertainty').toString(), confidence: edge.confidence };
      }
      return change(raceId, by, (s, ev, at) =>
        commands.placeMark(s, ev.times, { competitorId, position, origin, by, at, ...(accepted ? { suggestion: accepted } : {}) }),
      );
    },
    async removeMark({ raceId, competitorId, by }) {
      return change(raceId, by, (s) => commands.removeMark(s, competitorId));
    },
    async undo({ raceId, by }) {
      return change(raceId, by, (s) => commands.undo(s));
    },
    async redo({ raceId, by }) {
      return change(raceId, by, (s) => commands.redo(s));
    },
    async declareDeadHeat({ raceId, competitors, by }) {
      return change(raceId, by, (s, _ev, at) => commands.declareDeadHeat(s, competitors, by, at));
    },
    async certify({ raceId, official, role }) {
      const key = await signingKey();
      return change(raceId, official, (s, ev, at) => {
        if (ev.manifestSha256 !== s.doc.evidence.manifestSha256) {
          throw new UserError('cannot certify: the evidence manifest changed since the race was built', 'CONFLICT', { hint: 'verify-race' });
        }
        const report = computeResults({ doc: s.doc, times: ev.times, gaps: ev.manifest.gaps });
        const resultsSha256 = sha256Text(canonicalJson(resultsForHash(report)));
        const certified = commands.certify(s, { official, role, at, manifestSha256: ev.manifestSha256, resultsSha256 });
        const c = certified.payload.certification;
        c.signature = signCertification(c, key);
        return certified;
      });
    },
    async amend({ raceId, by, reason }) {
      return change(raceId, by, (s, _ev, at) => commands.amend(s, by, reason, at));
    },
    async getResults({ raceId }) {
      const dir = ctx.races.pathOf(raceId);
      const loaded = await readRaceFolder(dir);
      const evidence = await loadRaceEvidence(dir);
      return buildRaceView(raceId, dir, loaded.state, evidence, loaded).results;
    },
    async verifyRace({ raceId, head }) {
      return verifyRaceFolder(ctx.races.pathOf(raceId), { knownKeys: await installationPublicKeys(ctx.dataDir), ...(head ? { head } : {}) });
    },
    async getAudit({ raceId }) {
      const loaded = await readRaceFolder(ctx.races.pathOf(raceId));
      return loaded.entries.map((e) => ({ seq: e.seq, at: e.at, actor: e.actor, action: e.action, payload: e.payload, prev: e.prev, hash: e.hash }));
    },
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
  };
  return `${what[action] ?? 'the change'} is recorded; the race's snapshot could not be rewritten (${systemErrorCondition(err)}): it will be repaired when the race is next opened`;
}

/** A detected edge the official accepts; detection (sharp, source frames) is loaded only when a suggestion is used. */
async function findSuggestion(racePath: string, index: number): Promise<EdgeSuggestion> {
  const { detectEdgesForRace } = await import('../detection/detect-race.js');
  const edges = await detectEdgesForRace(racePath);
  const edge = edges.find((e) => e.index === index);
  if (!edge) throw new UserError(`no suggestion ${index} (${edges.length} edge${edges.length === 1 ? '' : 's'} detected)`, 'NOT_FOUND');
  return edge;
}
