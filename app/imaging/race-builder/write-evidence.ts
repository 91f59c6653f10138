/**
 * The single pass that turns a prepared source into evidence inside a (temporary) race folder: every frame's line
 * pixels become one composite column, streamed into tiles and the composite PNG; then the time map, the measured
 * rate, the gaps and the manifest that ties them together with SHA-256 hashes.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { sampleRegion } from '../../domain/line/finish-line.js';
import { BEFORE_FIRST_COLUMN, RACE_LAYOUT, type DropGap, type EvidenceFile, type EvidenceManifest } from '../../domain/race/evidence.js';
import { ticksToDecimalSeconds, ticksToNsString, type Ticks } from '../../domain/time/ticks.js';
import { findIntervalGaps, measureRate, rateFromInterval } from '../../domain/time/time-map.js';
import { SOFTWARE } from '../../runtime/version.js';
import { CompositeWriter } from '../composite/composite-writer.js';
import { throwIfAborted } from '../concurrency.js';
import { sha256Bytes } from '../../store/sha256.js';
import { TILE_WIDTH } from '../limits.js';
import { allocSamples } from '../pixels.js';
import type { PreparedBuild } from './prepare-build.js';
import { ProgressTracker, type ProgressListener } from './build-progress.js';
import { captureEvidence } from './capture-sidecar.js';

export interface EvidenceWritten {
  manifest: EvidenceManifest;
  manifestSha256: string;
  /** Reasons for frames left out with --skip-bad. */
  skipped: string[];
}

interface BadRun {
  /** Last good column before the run, or -1. */
  afterColumn: number;
  frames: number[];
  files: string[];
}

export async function writeEvidence(
  prep: PreparedBuild,
  dir: string,
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<EvidenceWritten> {
  const { source, samples } = prep;
  const signal = options.signal;
  const format = source.format;
  const progress = new ProgressTracker(options.onProgress, 'frames', source.frameCount);
  progress.startPhase('frames', source.frameCount);

  // Single-file sources are hashed alongside the decode (the disk read overlaps the CPU work).
  const hashing = source.hashFiles(signal);
  // Awaited after the frames; until then keep Node from reporting a failure as unhandled.
  hashing.catch(() => undefined);

  const writer = new CompositeWriter(dir, samples.rows, format, TILE_WIDTH, source.frameCount);
  await writer.start();
  const column = allocSamples(format, samples.rows * format.channels);
  const columnFrames: number[] = [];
  const frameFiles: EvidenceFile[] = [];
  const skipped: string[] = [];
  const badRuns: BadRun[] = [];
  let done = 0;
  try {
    for await (const r of source.readRegions(samples.region, { signal, skipBad: prep.request.skipBad })) {
      throwIfAborted(signal);
      if (r.file) frameFiles.push(r.file);
      if ('bad' in r) {
        skipped.push(r.bad);
        const after = columnFrames.length - 1;
        const last = badRuns[badRuns.length - 1];
        const file = path.basename(r.file?.path ?? source.frameName(r.index));
        if (last && last.afterColumn === after) {
          last.frames.push(r.index);
          last.files.push(file);
        } else badRuns.push({ afterColumn: after, frames: [r.index], files: [file] });
      } else {
        sampleRegion(samples, r.pixels, format.channels, column, 0);
        await writer.pushColumn(column);
        columnFrames.push(r.index);
      }
      progress.update(++done);
    }
    throwIfAborted(signal);
    progress.update(done, true);

    const frameTimes = prep.time.frameTimes === 'decoded' ? (source.decodedTimes?.() ?? []) : prep.time.frameTimes;
    const columns = columnFrames.length;
    if (columns < 2) {
      throw new UserError(`${source.path}: only ${columns} usable frame${columns === 1 ? '' : 's'}; a photo finish needs at least two`, 'INVALID_ARGUMENT');
    }
    const times: Ticks[] = columnFrames.map((f) => {
      const t = frameTimes[f];
      if (t === undefined) {
        throw source.kind === 'video'
          ? new UserError(`${source.path}: frame ${f} carries no timestamp`, 'INVALID_ARGUMENT', { hint: 'give-video-rate' })
          : new UserError(`${source.frameName(f)}: has no time`, 'INVALID_ARGUMENT');
      }
      return t;
    });
    for (let i = 1; i < times.length; i++) {
      if ((times[i] as Ticks) <= (times[i - 1] as Ticks)) {
        throw new UserError(
          `${source.frameName(columnFrames[i] as number)}: time ${ticksToDecimalSeconds(times[i] as Ticks)} s does not come after ${ticksToDecimalSeconds(times[i - 1] as Ticks)} s of the frame before`,
          'INVALID_ARGUMENT',
        );
      }
    }

    const measured = measureRate(times);
    const gaps = collectGaps(times, measured.medianInterval, badRuns, frameTimes);
    // A video cut short (built with skipBad): the lost end is a gap after the last column, up to where it should end.
    const tail = source.cutShort?.();
    if (tail) {
      const end = times[columns - 1] as Ticks;
      const until = prep.time.frameTimes === 'decoded' ? tail.untilNs : end + tail.missingNs;
      gaps.push({ afterColumn: columns - 1, fromNs: ticksToNsString(end), toNs: ticksToNsString(until), reason: 'bad-frame', files: [tail.label] });
    }

    let compositeStarted = false;
    const composite = await writer.finish((d, total) => {
      if (!compositeStarted) {
        progress.startPhase('composite', total);
        compositeStarted = true;
      }
      progress.update(d, d === total);
    }, signal);
    throwIfAborted(signal);

    const timesJson = Buffer.from(JSON.stringify({ timesNs: times.map(ticksToNsString), frames: columnFrames }));
    await writeFile(path.join(dir, RACE_LAYOUT.times), timesJson);
    const hashed = await hashing;

    const manifest: EvidenceManifest = {
      schema: 'photofinish.evidence',
      schemaVersion: 1,
      builtAt: new Date().toISOString(),
      software: { name: SOFTWARE.name, version: SOFTWARE.version },
      source: {
        kind: source.kind,
        path: source.path,
        description: source.description,
        files: source.kind === 'frames' ? frameFiles : hashed,
        // A video's frame count is what the decoder delivered (the container's packet count can differ).
        frameCount: source.kind === 'video' ? done : source.frameCount,
        width: source.width,
        height: source.height,
        bitDepth: format.depth,
        channels: format.channels,
        ...(source.decoder ? { decoder: source.decoder } : {}),
      },
      line: prep.line,
      ...(prep.lineGiven ? { lineGiven: prep.lineGiven } : {}),
      timing: prep.time.timing,
      columns,
      rows: samples.rows,
      times: { path: RACE_LAYOUT.times, sha256: sha256Bytes(timesJson) },
      gaps,
      measured: {
        medianIntervalNs: ticksToNsString(measured.medianInterval),
        minIntervalNs: ticksToNsString(measured.minInterval),
        maxIntervalNs: ticksToNsString(measured.maxInterval),
        spreadNs: ticksToNsString(measured.spread),
        rate: rateFromInterval(measured.medianInterval),
      },
      composite: { path: composite.composite.path, sha256: composite.composite.sha256, width: composite.composite.width, height: composite.composite.height, format: 'png' },
      tiles: { path: RACE_LAYOUT.tilesDir, tileWidth: TILE_WIDTH, format: 'png', levels: composite.levels },
      ...(prep.capture ? { capture: captureEvidence(prep.capture, columnFrames.map((f) => path.basename(source.frameName(f))), times) } : {}),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(path.join(dir, RACE_LAYOUT.manifest), manifestBytes);
    return { manifest, manifestSha256: sha256Bytes(manifestBytes), skipped };
  } catch (err) {
    await writer.abort();
    throw err;
  } finally {
    await source.close();
  }
}

/**
 * Gaps an official must see: frames left out as bad (with their files), and intervals over 1.5 × the median.
 * An interval gap where bad frames were left out is the same gap and is listed once, as bad frames. Bad frames at
 * the very start make a gap before column 0 (`BEFORE_FIRST_COLUMN`), one at the very end a gap after the last.
 */
function collectGaps(times: Ticks[], median: Ticks, badRuns: BadRun[], frameTimes: readonly Ticks[]): DropGap[] {
  const gaps: DropGap[] = [];
  const last = times.length - 1;
  for (const run of badRuns) {
    const firstBadTime = frameTimes[run.frames[0] as number];
    const lastBadTime = frameTimes[run.frames[run.frames.length - 1] as number];
    // Bad frames before the first good one lie before column 0, not between columns 0 and 1: no column's time moves.
    if (run.afterColumn < 0) {
      const from = firstBadTime ?? (times[0] as Ticks);
      gaps.push({ afterColumn: BEFORE_FIRST_COLUMN, fromNs: ticksToNsString(from), toNs: ticksToNsString(times[0] as Ticks), reason: 'bad-frame', files: run.files });
      continue;
    }
    const after = Math.min(run.afterColumn, last);
    const from = times[after] as Ticks;
    const to = run.afterColumn >= last ? (lastBadTime ?? (times[last] as Ticks)) : (times[after + 1] as Ticks);
    gaps.push({ afterColumn: after, fromNs: ticksToNsString(from), toNs: ticksToNsString(to), reason: 'bad-frame', files: run.files });
  }
  const badAfter = new Set(gaps.map((g) => g.afterColumn));
  for (const g of findIntervalGaps(times, median)) {
    if (!badAfter.has(g.afterColumn)) gaps.push({ afterColumn: g.afterColumn, fromNs: ticksToNsString(g.from), toNs: ticksToNsString(g.to), reason: 'interval' });
  }
  return gaps.sort((a, b) => a.afterColumn - b.afterColumn);
}
