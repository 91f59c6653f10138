/**
 * `buildRace`: footage in, race folder out. Checks everything first (nothing is written for a refused build),
 * writes the evidence into a temporary folder beside `out`, creates the race document and its first audit entry
 * there, and only then renames the folder into place. A cancelled, failed or crashed build leaves no race behind.
 */
import os from 'node:os';
import path from 'node:path';
import type { RaceBuildRequest } from '../../domain/race/build-request.js';
import { isErrnoLike, systemErrorToUserError } from '../../domain/system-errors.js';
import type { Competitor } from '../../domain/race/document.js';
import { initRaceFolder } from '../../store/race-store.js';
import { readStartListFile } from '../../store/start-list-file.js';
import { mergeEvent } from '../../domain/event/race-event.js';
import { evtEventFields } from '../../domain/start-list/parse-start-list.js';
import { throwIfAborted } from '../concurrency.js';
import { withBuildTuning } from '../sharp-tuning.js';
import { prepareBuild } from './prepare-build.js';
import type { BuildProgress } from './build-progress.js';
import { commitBuildFolder, discardBuildFolder, makeBuildFolder } from './race-output.js';
import { writeEvidence } from './write-evidence.js';
import { storeSuggestions, type SuggestEdges } from './stored-suggestions.js';

export interface BuildOptions {
  onProgress?: (p: BuildProgress) => void;
  signal?: AbortSignal;
  /** Who is building (the audit log's first entry); the OS user by default. */
  actor?: string;
  /** The detector: its suggestions are stored with the evidence, so the race opens with them (stored-suggestions.ts). */
  suggest?: SuggestEdges;
}

export interface BuildOutcome {
  racePath: string;
  /** Frames left out with skipBad, one reason each (also recorded as gaps in the manifest). */
  skipped?: string[];
}

function defaultActor(): string {
  try {
    return os.userInfo().username || 'photofinish';
  } catch {
    return 'photofinish';
  }
}

export async function buildRace(request: RaceBuildRequest, options: BuildOptions = {}): Promise<BuildOutcome> {
  const { signal } = options;
  throwIfAborted(signal);
  const startList = request.startList
    ? await readStartListFile(path.resolve(request.startList), request.startListEvent ? { event: request.startListEvent } : {})
    : null;
  const competitors: Competitor[] = startList?.competitors ?? [];
  const event = startList?.event ? mergeEvent(undefined, evtEventFields(startList.event)) : undefined;
  const prep = await prepareBuild(request);
  throwIfAborted(signal);
  const temp = await makeBuildFolder(prep.output);
  try {
    const write = () => writeEvidence(prep, temp, { ...(options.onProgress ? { onProgress: options.onProgress } : {}), ...(signal ? { signal } : {}) });
    // FFmpeg decodes a video or a JPEG folder: sharp has nothing to tune (and is not even loaded).
    const written = prep.source.kind === 'video' || prep.source.decoder === 'ffmpeg' ? await write() : await withBuildTuning(write);
    throwIfAborted(signal);
    let manifestSha256 = written.manifestSha256;
    if (options.suggest) {
      const step = (done: number) => options.onProgress?.({ phase: 'finding leading edges', done, total: 1, rate: 0, etaS: null });
      step(0);
      manifestSha256 = await storeSuggestions(temp, written.manifest, written.manifestSha256, options.suggest);
      step(1);
    }
    throwIfAborted(signal);
    await initRaceFolder(temp, {
      manifestSha256,
      meta: { name: request.name?.trim() || path.basename(prep.output.out) },
      sport: request.sport,
      competitors,
      ...(event ? { event } : {}),
      actor: options.actor ?? defaultActor(),
      at: new Date().toISOString(),
    });
    throwIfAborted(signal);
    await commitBuildFolder(temp, prep.output);
    return { racePath: prep.output.out, ...(written.skipped.length ? { skipped: written.skipped } : {}) };
  } catch (err) {
    await discardBuildFolder(temp);
    // A disk that fills up (or turns read-only) while writing: name the race being built, not its hidden temporary folder.
    throw (isErrnoLike(err) && ['ENOSPC', 'EDQUOT', 'EROFS'].includes(err.code) ? systemErrorToUserError(err, prep.output.out) : null) ?? err;
  }
}
