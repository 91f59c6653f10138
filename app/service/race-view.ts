/**
 * Assembles what the workspace shows of a race (`RaceView`): the state its audit log proves, its evidence and
 * the results computed from both. Opening repairs the leftovers of an interrupted save; anything else that does
 * not add up is listed in `problems` (and changes are refused until an official has looked at it).
 */
import type { EvidenceSummary, LeanRaceView, RaceView } from '../api/types.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { triggerMarks } from '../domain/capture/capture-triggers.js';
import { eventInfo } from '../domain/event/race-event.js';
import { computeResults } from '../domain/results/compute-results.js';
import { resultsRulesOf } from '../domain/results/results-rules.js';
import type { RaceState } from '../domain/race/replay.js';
import type { RaceDocument } from '../domain/race/document.js';
import { loadRaceEvidence, type RaceEvidence } from '../store/race-evidence-cache.js';
import { openRaceFolder, readRaceFolder, type LoadedRace } from '../store/race-store.js';
import type { ServiceContext } from './context.js';
import { withIntegrity } from './race-trust.js';

/**
 * With `readOnly`, nothing is written: crash leftovers are listed, not repaired (commands that only look). A race
 * whose record says certified is checked in full (see race-trust.ts) before it is shown as certified.
 */
export async function loadRaceView(ctx: ServiceContext, raceId: string, options: { readOnly?: boolean } = {}): Promise<RaceView> {
  const dir = ctx.races.pathOf(raceId);
  const loaded = options.readOnly ? await readRaceFolder(dir) : await openRaceFolder(dir);
  const evidence = await loadRaceEvidence(dir);
  return withIntegrity(ctx, buildRaceView(raceId, dir, loaded.state, evidence, loaded));
}

/** The view of a state; `loaded` adds what opening found (problems, repairs). */
export function buildRaceView(
  raceId: string,
  dir: string,
  state: RaceState,
  evidence: RaceEvidence,
  loaded?: Pick<LoadedRace, 'problems' | 'recovered' | 'document'>,
): RaceView {
  const problems = loaded?.problems.map((p) => p.message) ?? [];
  // With a broken chain the log proves only a prefix; the snapshot is then the better picture (and is flagged).
  const chainBroken = loaded?.problems.some((p) => p.kind !== 'document') ?? false;
  const doc: RaceDocument = chainBroken && loaded ? loaded.document : state.doc;
  const undoable = problems.length === 0 && !doc.certified;
  const view: RaceView = {
    raceId,
    path: dir,
    meta: doc.meta,
    event: eventInfo(doc.event, doc.meta),
    evidence: evidence.manifest,
    timesNs: evidence.timesNs,
    frames: evidence.frames,
    sport: doc.settings.sport,
    direction: doc.settings.direction,
    competitors: doc.competitors,
    marks: doc.marks,
    deadHeats: doc.deadHeats,
    statuses: doc.statuses ?? [],
    withdrawnDeadHeats: doc.withdrawnDeadHeats ?? [],
    triggers: triggerMarks(evidence.manifest.capture?.triggers, evidence.times),
    // A certified race shows the result it was certified with (its hash is on the sheet): by the rules recorded then.
    results: computeResults({ doc, times: evidence.times, gaps: evidence.manifest.gaps, rate: evidence.manifest.measured.rate, rules: resultsRulesOf(doc), evidence: evidence.manifest }),
    revision: doc.revision,
    certified: doc.certified ?? null,
    amendments: doc.amendments,
    canUndo: undoable && state.undo.length > 0,
    canRedo: undoable && state.redo.length > 0,
    auditHead: doc.audit.head,
    auditCount: doc.audit.count,
  };
  if (problems.length) view.problems = problems;
  if (loaded?.recovered.length) view.recovered = loaded.recovered;
  return view;
}

/**
 * The view as it crosses the API: everything but the per-frame evidence (the source file list, every hash, the column
 * times), whose size grows with the footage. A mark on a 10,000-frame race answers in a few KB instead of 1.5 MB.
 */
export function leanView(view: RaceView): LeanRaceView {
  const { evidence, timesNs: _times, frames: _frames, ...rest } = view;
  return { ...rest, evidence: evidenceSummary(evidence) };
}

export function evidenceSummary(m: EvidenceManifest): EvidenceSummary {
  const { kind, path, description, frameCount, width, height, bitDepth, channels, decoder } = m.source;
  return {
    builtAt: m.builtAt,
    source: { kind, path, description, frameCount, width, height, bitDepth, channels, ...(decoder ? { decoder } : {}) },
    columns: m.columns,
    rows: m.rows,
    gaps: m.gaps,
    measured: m.measured,
    composite: { width: m.composite.width, height: m.composite.height },
    tiles: { tileWidth: m.tiles.tileWidth, levels: m.tiles.levels.map(({ level, downsample, columns, rows, tiles }) => ({ level, downsample, columns, rows, tiles })) },
    ...(m.suggestions ? { suggestions: { count: m.suggestions.count } } : {}),
    timesSha256: m.times.sha256,
  };
}
