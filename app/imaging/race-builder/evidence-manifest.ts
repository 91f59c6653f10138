/**
 * The evidence manifest: what the build wrote (composite, tiles, time map) and what it was built from (the source
 * and its files' hashes, the line, the timing, the measured rate, the gaps), tied together with SHA-256 hashes.
 */
import path from 'node:path';
import { RACE_LAYOUT, type DropGap, type EvidenceFile, type EvidenceManifest } from '../../domain/race/evidence.js';
import { ticksToNsString, type Ticks } from '../../domain/time/ticks.js';
import { rateFromInterval, type RateMeasurement } from '../../domain/time/time-map.js';
import { SOFTWARE } from '../../runtime/version.js';
import type { CompositeResult } from '../composite/composite-writer.js';
import { TILE_WIDTH } from '../limits.js';
import { captureEvidence } from './capture-sidecar.js';
import type { PreparedBuild } from './prepare-build.js';
import type { SampledColumns } from './sample-columns.js';

export interface ManifestParts {
  sampled: SampledColumns;
  /** The files `hashFiles` hashed (all but frame folders' frames, which come hashed with their pixels). */
  hashed: EvidenceFile[];
  times: Ticks[];
  timesFile: EvidenceManifest['times'];
  gaps: DropGap[];
  measured: RateMeasurement;
  composite: CompositeResult;
}

export function evidenceManifest(prep: PreparedBuild, parts: ManifestParts): EvidenceManifest {
  const { source, samples } = prep;
  const { sampled, times, measured, composite } = parts;
  return {
    schema: 'photofinish.evidence',
    schemaVersion: 1,
    builtAt: new Date().toISOString(),
    software: { name: SOFTWARE.name, version: SOFTWARE.version },
    source: {
      kind: source.kind,
      path: source.path,
      description: source.description,
      files: source.kind === 'frames' ? sampled.frameFiles : parts.hashed,
      // A video's frame count is what the decoder delivered (the container's packet count can differ).
      frameCount: source.kind === 'video' ? sampled.frames : source.frameCount,
      width: source.width,
      height: source.height,
      bitDepth: source.format.depth,
      channels: source.format.channels,
      ...(source.decoder ? { decoder: source.decoder } : {}),
    },
    line: prep.line,
    ...(prep.lineGiven ? { lineGiven: prep.lineGiven } : {}),
    timing: prep.time.timing,
    columns: sampled.columnFrames.length,
    rows: samples.rows,
    times: parts.timesFile,
    gaps: parts.gaps,
    measured: {
      medianIntervalNs: ticksToNsString(measured.medianInterval),
      minIntervalNs: ticksToNsString(measured.minInterval),
      maxIntervalNs: ticksToNsString(measured.maxInterval),
      spreadNs: ticksToNsString(measured.spread),
      rate: rateFromInterval(measured.medianInterval),
    },
    composite: { path: composite.composite.path, sha256: composite.composite.sha256, width: composite.composite.width, height: composite.composite.height, format: 'png' },
    tiles: { path: RACE_LAYOUT.tilesDir, tileWidth: TILE_WIDTH, format: 'png', levels: composite.levels },
    ...(prep.capture ? { capture: captureEvidence(prep.capture, sampled.columnFrames.map((f) => path.basename(source.frameName(f))), times) } : {}),
  };
}
