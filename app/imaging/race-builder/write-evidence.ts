/**
 * The single pass that turns a prepared source into evidence inside a (temporary) race folder, stage by stage:
 * every frame's line pixels become one composite column, streamed into tiles (sample-columns.ts); each column gets
 * its frame's time (column-times.ts); the measured rate and the gaps follow (evidence-gaps.ts); the composite PNG
 * is written; then the time map and the manifest that ties them together with SHA-256 hashes (evidence-manifest.ts).
 * The folder is made, synced and renamed into place by the build (race-output.ts): nothing here is final.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RACE_LAYOUT, type EvidenceManifest } from '../../domain/race/evidence.js';
import { ticksToNsString, type Ticks } from '../../domain/time/ticks.js';
import { measureRate } from '../../domain/time/time-map.js';
import { CompositeWriter, type CompositeResult } from '../composite/composite-writer.js';
import { throwIfAborted } from '../concurrency.js';
import { sha256Bytes } from '../../store/sha256.js';
import { TILE_WIDTH } from '../limits.js';
import type { PreparedBuild } from './prepare-build.js';
import { ProgressTracker, type ProgressListener } from './build-progress.js';
import { columnTimes } from './column-times.js';
import { evidenceGaps } from './evidence-gaps.js';
import { evidenceManifest } from './evidence-manifest.js';
import { sampleColumns } from './sample-columns.js';

export interface EvidenceWritten {
  manifest: EvidenceManifest;
  manifestSha256: string;
  /** Reasons for frames left out with --skip-bad. */
  skipped: string[];
}

export async function writeEvidence(
  prep: PreparedBuild,
  dir: string,
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<EvidenceWritten> {
  const { source, samples } = prep;
  const signal = options.signal;
  const progress = new ProgressTracker(options.onProgress, 'frames', source.frameCount);
  progress.startPhase('frames', source.frameCount);

  // Single-file sources are hashed alongside the decode (the disk read overlaps the CPU work).
  const hashing = source.hashFiles(signal);
  // Awaited after the frames; until then keep Node from reporting a failure as unhandled.
  hashing.catch(() => undefined);

  const writer = new CompositeWriter(dir, samples.rows, source.format, TILE_WIDTH, source.frameCount);
  await writer.start();
  try {
    const sampled = await sampleColumns(prep, writer, progress, signal);
    const frameTimes = prep.time.frameTimes === 'decoded' ? (source.decodedTimes?.() ?? []) : prep.time.frameTimes;
    const times = columnTimes(source, frameTimes, sampled.columnFrames);
    const measured = measureRate(times);
    const gaps = evidenceGaps(prep, times, measured.medianInterval, sampled.badRuns, frameTimes);
    const composite = await finishComposite(writer, progress, signal);
    throwIfAborted(signal);
    const timesFile = await writeTimes(dir, times, sampled.columnFrames);
    const hashed = await hashing;
    const manifest = evidenceManifest(prep, { sampled, hashed, times, timesFile, gaps, measured, composite });
    return { manifest, manifestSha256: await writeManifest(dir, manifest), skipped: sampled.skipped };
  } catch (err) {
    await writer.abort();
    throw err;
  } finally {
    await source.close();
  }
}

/** The composite PNG from the columns pushed, reported as its own phase once its first band is written. */
async function finishComposite(writer: CompositeWriter, progress: ProgressTracker, signal: AbortSignal | undefined): Promise<CompositeResult> {
  let started = false;
  return writer.finish((done, total) => {
    if (!started) {
      progress.startPhase('composite', total);
      started = true;
    }
    progress.update(done, done === total);
  }, signal);
}

/** The time map: each column's time (ns) and the source frame it came from; its hash goes into the manifest. */
async function writeTimes(dir: string, times: readonly Ticks[], columnFrames: readonly number[]): Promise<EvidenceManifest['times']> {
  const timesJson = Buffer.from(JSON.stringify({ timesNs: times.map(ticksToNsString), frames: columnFrames }));
  await writeFile(path.join(dir, RACE_LAYOUT.times), timesJson);
  return { path: RACE_LAYOUT.times, sha256: sha256Bytes(timesJson) };
}

/** Writes the manifest as the race keeps it (indented JSON, one newline at the end); returns its SHA-256. */
export async function writeManifest(dir: string, manifest: EvidenceManifest): Promise<string> {
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(dir, RACE_LAYOUT.manifest), manifestBytes);
  return sha256Bytes(manifestBytes);
}
