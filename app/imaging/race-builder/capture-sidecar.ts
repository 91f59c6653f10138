/**
 * A frame folder recorded live holds a `capture.json` beside its frames (app/domain/capture/capture-folder.ts):
 * the official's F-key trigger marks are in it. The build reads it before writing anything (a record this version
 * cannot read is refused, so no mark is lost silently), hashes it as evidence, and places every mark on the footage
 * clock from the frames' own camera times (`capture_us` in the folder's timestamps.csv).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CAPTURE_LAYOUT, captureRecord, type CaptureMarker } from '../../domain/capture/capture-folder.js';
import { captureUsByFrame, triggersOf, type ColumnAnchor } from '../../domain/capture/capture-triggers.js';
import { UserError } from '../../domain/errors.js';
import type { EvidenceFile, EvidenceManifest } from '../../domain/race/evidence.js';
import type { Ticks } from '../../domain/time/ticks.js';
import { sha256Bytes } from '../../store/sha256.js';

export interface CaptureSidecar {
  record: EvidenceFile;
  markers: CaptureMarker[];
  /** Camera time (µs) of each frame file the recording timed. */
  captureUsOf: Map<string, number>;
}

/** The capture record of a frame folder, or null for a folder that was not recorded live. */
export async function readCaptureSidecar(folder: string): Promise<CaptureSidecar | null> {
  const file = path.join(folder, CAPTURE_LAYOUT.record);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UserError(`${file}: cannot be read`, 'NOT_FOUND');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new UserError(`${file}: not valid JSON (the recording's record, with its trigger marks)`, 'INVALID_ARGUMENT');
  }
  const record = captureRecord.safeParse(parsed);
  if (!record.success) throw new UserError(`${file}: not a capture record this version can read`, 'INVALID_ARGUMENT');
  const tsText = await readFile(path.join(folder, CAPTURE_LAYOUT.timestamps), 'utf8').catch(() => '');
  return {
    record: { path: file, bytes: bytes.length, sha256: sha256Bytes(bytes) },
    markers: record.data.markers,
    captureUsOf: captureUsByFrame(tsText),
  };
}

/** The manifest's `capture`: the record's hash and each F mark on the footage clock, from the built columns' frames. */
export function captureEvidence(sidecar: CaptureSidecar, columnFiles: readonly string[], times: readonly Ticks[]): NonNullable<EvidenceManifest['capture']> {
  const anchors: ColumnAnchor[] = [];
  columnFiles.forEach((name, c) => {
    // A kept stream's frames are named `stream.h264 frame N` by the video source; its timestamps.csv numbers them.
    const captureUs = sidecar.captureUsOf.get(name) ?? sidecar.captureUsOf.get(/ (frame \d+)$/.exec(name)?.[1] ?? '');
    if (captureUs !== undefined) anchors.push({ captureUs, time: times[c] as Ticks });
  });
  const manual = sidecar.markers.filter((m) => m.kind === 'manual');
  if (manual.length > 0 && anchors.length === 0) {
    throw new UserError(`${path.join(path.dirname(sidecar.record.path), CAPTURE_LAYOUT.timestamps)}: no camera times (capture_us) for the frames, so the trigger marks cannot be placed`, 'INVALID_ARGUMENT');
  }
  return { record: sidecar.record, triggers: anchors.length ? triggersOf(manual, anchors) : [] };
}
