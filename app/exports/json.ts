/**
 * Results as JSON: exactly the `photofinish results --json` object (sport, certified, revision, event, finishers,
 * others, checks), with
 * the race metadata, certification, amendments and evidence hashes beside it, so a consumer of either reads the
 * same fields. Exact times stay integer-nanosecond strings.
 */
import type { RaceView } from '../api/types.js';
import type { EvidenceHashes } from './evidence-files.js';

export const EXPORT_SCHEMA = 'photofinish.export';

export function resultsJson(view: RaceView, hashes: EvidenceHashes, software: { name: string; version: string }): Buffer {
  const ev = view.evidence;
  const doc = {
    ...view.results,
    schema: EXPORT_SCHEMA,
    schemaVersion: 1,
    race: {
      ...view.meta,
      event: view.event,
      sport: view.sport,
      direction: view.direction,
      revision: view.revision,
      competitors: view.competitors,
    },
    certification: view.certified,
    amendments: view.amendments,
    deadHeats: view.deadHeats,
    withdrawnDeadHeats: view.withdrawnDeadHeats,
    statuses: view.statuses,
    marks: view.marks,
    evidence: {
      raceJsonSha256: hashes.raceJsonSha256,
      manifestSha256: hashes.manifestSha256,
      compositeSha256: hashes.compositeSha256,
      timesSha256: hashes.timesSha256,
      auditHead: hashes.auditHead,
      auditCount: hashes.auditCount,
      sourceFrames: hashes.sourceFrames,
      sourceSha256: hashes.sourceSha256,
      source: { kind: ev.source.kind, path: ev.source.path, description: ev.source.description, files: ev.source.files },
      columns: ev.columns,
      timing: ev.timing,
      measured: ev.measured,
      gaps: ev.gaps,
      builtAt: ev.builtAt,
      builtBy: ev.software,
    },
    software,
  };
  return Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8');
}
