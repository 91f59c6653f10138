/**
 * Service operations of the adjudication area (see app/api/methods/adjudication.ts). Each change goes through
 * the race store (one audit entry, then the snapshot), emits `race-changed`, and returns the new view.
 */
import path from 'node:path';
import type { PhotofinishService } from '../api/contract.js';
import type { EdgeSuggestion } from '../api/types.js';
import type { adjudicationMethods } from '../api/methods/adjudication.js';
import { canonicalJson } from '../domain/audit/canonical.js';
import { UserError } from '../domain/errors.js';
import { toMilliColumn } from '../domain/time/column-time.js';
import * as commands from '../domain/race/commands/index.js';
import type { Mark, MarkOrigin, MarkPosition, SportSettings } from '../domain/race/document.js';
import { computeResults, resultsForHash } from '../domain/results/compute-results.js';
import { RESULTS_RULES } from '../domain/results/results-rules.js';
import { raceTimeToPosition } from '../domain/start/start-record.js';
import { parseSecondsToTicks, secondsNumberToTicks } from '../domain/time/ticks.js';
import { loadRaceEvidence } from '../store/race-evidence-cache.js';
import { readRaceFolder } from '../store/race-store.js';
import { sha256Text } from '../store/sha256.js';
import { signCertification } from '../security/certification-signature.js';
import { loadInstallationKey, type InstallationKey } from '../security/installation-key.js';
import { readStartListFile } from '../store/start-list-file.js';
import { evtEventFields } from '../domain/start-list/parse-start-list.js';
import { verifyRaceFolder } from '../store/verify-race.js';
import { zeroControlFindings } from './zero-control-verify.js';
import type { ServiceContext } from './context.js';
import { startListChanges } from '../domain/start-list/start-list-diff.js';
import { raceChanger } from './race-change.js';
import { buildRaceView } from './race-view.js';
import { installationTrust, recordInLedger, withIntegrity } from './race-trust.js';

export type AdjudicationService = Pick<PhotofinishService, keyof typeof adjudicationMethods>;

export function createAdjudicationService(ctx: ServiceContext): AdjudicationService {
  const change = raceChanger(ctx);

  let key: Promise<InstallationKey> | null = null;
  /** This installation's signing key, loaded (or made) on the first certification. */
  const signingKey = () => {
    key ??= loadInstallationKey(ctx.dataDir, ctx.sealer);
    key.catch(() => (key = null));
    return key;
  };

  return {
    async importStartList({ raceId, path: file, by, event }) {
      const read = await readStartListFile(path.resolve(file), event ? { event } : {});
      const fromFile = read.event ? evtEventFields(read.event) : undefined;
      return change(raceId, by, (s) => commands.importStartList(s, path.basename(file), read.sha256, read.competitors, fromFile));
    },
    async editStartList({ raceId, competitors, by }) {
      return change(raceId, by, (s) => commands.editStartList(s, competitors));
    },
    async previewStartList({ raceId, path: file, event }) {
      const [read, loaded] = await Promise.all([readStartListFile(path.resolve(file), event ? { event } : {}), readRaceFolder(ctx.races.pathOf(raceId))]);
      return startListChanges(loaded.state.doc.competitors, read.competitors);
    },
    async addCompetitor({ raceId, competitor, by }) {
      return change(raceId, by, (s) => commands.addCompetitor(s, competitor));
    },
    async setSport({ raceId, sport, lengthsPerSecond, raceType, going, surface, distanceTable, by }) {
      const settings: SportSettings = { sport };
      if (lengthsPerSecond !== undefined) {
        if (sport !== 'horse') throw new UserError(`lengths per second apply to horse racing only (greyhound is fixed at one length per 0.08 s)`, 'INVALID_ARGUMENT');
        settings.lengthsPerSecond = lengthsPerSecond.trim();
      }
      if (raceType !== undefined || going !== undefined || surface !== undefined) {
        if (sport !== 'horse') throw new UserError('race type, going and surface apply to horse racing only', 'INVALID_ARGUMENT');
        if (!raceType) throw new UserError('give the race type (flat or jumps) with the going or surface: the scale depends on it', 'INVALID_ARGUMENT');
        if (raceType === 'jumps' && surface && surface !== 'turf') throw new UserError(`jumps races are run on turf, not ${surface}`, 'INVALID_ARGUMENT');
        Object.assign(settings, { raceType, ...(going ? { going } : {}), ...(surface ? { surface } : {}) });
      }
      if (distanceTable) settings.distanceTable = distanceTable;
      return change(raceId, by, (s) => commands.setSport(s, settings));
    },
    async setDirection({ raceId, direction, by }) {
      return change(raceId, by, (s) => commands.setDirection(s, direction));
    },
    async placeMark({ raceId, competitorId, column, timeS, suggestion, typed, hand, by }) {
      let position: MarkPosition;
      let origin: MarkOrigin;
      let accepted: Mark['suggestion'];
      if (column !== undefined) {
        position = { kind: 'column', milliColumn: toMilliColumn(column) };
        origin = 'image';
      } else if (timeS !== undefined) {
        position = { kind: 'time', ns: parseSecondsToTicks(timeS, 'time').toString() };
        origin = hand ? 'hand' : typed === false ? 'image' : 'typed';
      } else {
        const edge = await findSuggestion(ctx.races.pathOf(raceId), suggestion as number);
        // The refined crossing time is finer than a column; keep it exactly.
        position = { kind: 'time', ns: edge.time_ns };
        origin = 'suggestion';
        accepted = {
          index: suggestion as number,
          uncertaintyNs: secondsNumberToTicks(edge.uncertainty_s, 'uncertainty').toString(),
          confidence: edge.confidence,
          calibrated: edge.uncertainty_calibrated,
          ...(edge.flags.length ? { flags: edge.flags } : {}),
        };
      }
      return change(raceId, by, (s, ev, at) =>
        commands.placeMark(s, ev.times, { competitorId, position: raceTimeToPosition(position, origin, s.doc), origin, by, at, ...(accepted ? { suggestion: accepted } : {}) }),
      );
    },
    async removeMark({ raceId, competitorId, by }) {
      return change(raceId, by, (s, ev, at) => commands.removeMark(s, ev.times, competitorId, by, at));
    },
    async undo({ raceId, by }) {
      return change(raceId, by, (s) => commands.undo(s));
    },
    async redo({ raceId, by }) {
      return change(raceId, by, (s) => commands.redo(s));
    },
    async declareDeadHeat({ raceId, competitors, by }) {
      return change(raceId, by, (s, ev, at) => commands.declareDeadHeat(s, ev.times, competitors, by, at));
    },
    async certify({ raceId, official, role }) {
      const key = await signingKey();
      const view = await change(raceId, official, (s, ev, at) => {
        if (ev.manifestSha256 !== s.doc.evidence.manifestSha256) {
          throw new UserError('cannot certify: the evidence manifest changed since the race was built', 'CONFLICT', { hint: 'verify-race' });
        }
        const resultsRules = RESULTS_RULES;
        const report = computeResults({ doc: s.doc, times: ev.times, gaps: ev.manifest.gaps, rate: ev.manifest.measured.rate, rules: resultsRules, evidence: ev.manifest });
        const resultsSha256 = sha256Text(canonicalJson(resultsForHash(report)));
        const errors = report.checks.filter((c) => c.severity === 'error');
        const certified = commands.certify(s, { official, role, at, manifestSha256: ev.manifestSha256, resultsSha256, resultsRules, errors });
        const c = certified.payload.certification;
        c.signature = signCertification(c, key);
        return certified;
      });
      await recordInLedger(ctx, key, view.path, 'race.certified', official);
      return view;
    },
    async amend({ raceId, by, reason }) {
      const view = await change(raceId, by, (s, _ev, at) => commands.amend(s, by, reason, at));
      // The ledger remembers the amendment too, so dropping it from the log (bringing revision 1 back) is seen.
      const key = await signingKey().catch(() => null);
      if (key) await recordInLedger(ctx, key, view.path, 'race.amended', by);
      return view;
    },
    async getResults({ raceId }) {
      const dir = ctx.races.pathOf(raceId);
      const loaded = await readRaceFolder(dir);
      const evidence = await loadRaceEvidence(dir);
      return (await withIntegrity(ctx, buildRaceView(raceId, dir, loaded.state, evidence, loaded))).results;
    },
    async verifyRace({ raceId, head }) {
      const dir = ctx.races.pathOf(raceId);
      const report = await verifyRaceFolder(dir, { ...(await installationTrust(ctx)), ...(head ? { head } : {}) });
      // The zero-control test is evidence too: its recording is checked and its offset found again.
      const zeroControl = await zeroControlFindings(dir);
      return zeroControl.length ? { ...report, intact: false, findings: [...report.findings, ...zeroControl] } : report;
    },
    async getAudit({ raceId }) {
      const loaded = await readRaceFolder(ctx.races.pathOf(raceId));
      return loaded.entries.map((e) => ({ seq: e.seq, at: e.at, actor: e.actor, action: e.action, payload: e.payload, prev: e.prev, hash: e.hash }));
    },
  };
}

/** A detected edge the official accepts; detection (sharp, source frames) is loaded only when a suggestion is used. */
async function findSuggestion(racePath: string, index: number): Promise<EdgeSuggestion> {
  const { detectEdgesForRace } = await import('../detection/detect-race.js');
  const edges = await detectEdgesForRace(racePath);
  const edge = edges.find((e) => e.index === index);
  if (!edge) throw new UserError(`no suggestion ${index} (${edges.length} edge${edges.length === 1 ? '' : 's'} detected)`, 'NOT_FOUND');
  return edge;
}
