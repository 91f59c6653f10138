/**
 * The build's decoding stage: every frame the source delivers becomes one composite column, sampled along the
 * line and pushed into the composite writer as it comes; a frame left out with skipBad is remembered as a bad run
 * after the last good column, so the gaps can name it (evidence-gaps.ts).
 */
import path from 'node:path';
import { sampleRegion } from '../../domain/line/finish-line.js';
import type { EvidenceFile } from '../../domain/race/evidence.js';
import type { CompositeWriter } from '../composite/composite-writer.js';
import { throwIfAborted } from '../concurrency.js';
import { allocSamples } from '../pixels.js';
import type { ProgressTracker } from './build-progress.js';
import type { PreparedBuild } from './prepare-build.js';

/** Frames left out one after another with skipBad. */
export interface BadRun {
  /** Last good column before the run, or -1. */
  afterColumn: number;
  frames: number[];
  files: string[];
}

export interface SampledColumns {
  /** The source frame each column was sampled from. */
  columnFrames: number[];
  /** Frame files as read and hashed (frame folders). */
  frameFiles: EvidenceFile[];
  /** Reasons for frames left out with skipBad. */
  skipped: string[];
  badRuns: BadRun[];
  /** Entries the source delivered, good and bad. */
  frames: number;
}

export async function sampleColumns(prep: PreparedBuild, writer: CompositeWriter, progress: ProgressTracker, signal: AbortSignal | undefined): Promise<SampledColumns> {
  const { source, samples } = prep;
  const format = source.format;
  const column = allocSamples(format, samples.rows * format.channels);
  const sampled: SampledColumns = { columnFrames: [], frameFiles: [], skipped: [], badRuns: [], frames: 0 };
  for await (const r of source.readRegions(samples.region, { signal, skipBad: prep.request.skipBad })) {
    throwIfAborted(signal);
    if (r.file) sampled.frameFiles.push(r.file);
    if ('bad' in r) {
      sampled.skipped.push(r.bad);
      addBadFrame(sampled, r.index, path.basename(r.file?.path ?? source.frameName(r.index)));
    } else {
      sampleRegion(samples, r.pixels, format.channels, column, 0);
      await writer.pushColumn(column);
      sampled.columnFrames.push(r.index);
    }
    progress.update(++sampled.frames);
  }
  throwIfAborted(signal);
  progress.update(sampled.frames, true);
  return sampled;
}

/** A bad frame joins the run after the same column, or starts a run of its own. */
function addBadFrame(sampled: SampledColumns, frame: number, file: string): void {
  const after = sampled.columnFrames.length - 1;
  const last = sampled.badRuns[sampled.badRuns.length - 1];
  if (last && last.afterColumn === after) {
    last.frames.push(frame);
    last.files.push(file);
  } else sampled.badRuns.push({ afterColumn: after, frames: [frame], files: [file] });
}
