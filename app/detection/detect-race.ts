/**
 * Leading-edge suggestions for a race: objects found in the composite, then each one's crossing time refined to a
 * fraction of a frame interval from the source frames around its leading edge, one suggestion per body
 * (frame-readings.ts); in a native line-scan image, from the image itself (linescan-edge.ts). Each states its
 * uncertainty, whether that is a calibrated one, and flags (on the line at the first or last column, only good to
 * the frame). Suggestions only: the official accepts one for a competitor or places their own hairline; nothing
 * here decides a result.
 *
 * Results are deterministic (same evidence, same suggestions), sorted by time, numbered from 0 in that order, and
 * cached per race while the process runs (evidence never changes once built). A race built with its suggestions
 * stored (stored-edges.ts) returns those, unless asked to detect `again`; accepting suggestion N always means the
 * stored N, the one the official was shown.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { EdgeSuggestion } from '../api/types.js';
import { findCompositeObjects, minObjectRows, type Plane } from '../domain/detection/composite-objects.js';
import { lineGeometry } from '../domain/detection/line-crossing.js';
import { lineScanReading } from '../domain/detection/linescan-edge.js';
import { joinPieces } from '../domain/detection/body-pieces.js';
import { paintBeforeReading } from '../domain/detection/late-front.js';
import { confidenceOf, withConfidenceFlag, type Reading } from '../domain/detection/reading.js';
import { stillBackground } from '../domain/detection/still-background.js';
import { median } from '../domain/detection/robust.js';
import { UserError } from '../domain/errors.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { columnAtTime } from '../domain/time/column-time.js';
import { loadManifest, readTimes } from '../store/evidence-reader.js';
import { resolveContained } from '../security/contain.js';
import { frameReader } from './frame-reader.js';
import { readingsFromFrames } from './frame-readings.js';
import { readStoredEdges, storedEdgesBytes } from './stored-edges.js';

/** The composite is modelled whole (about 9 bytes per pixel of working memory). */
const MAX_COMPOSITE_PIXELS = 80_000_000;

const cache = new Map<string, Promise<EdgeSuggestion[]>>();

export async function detectEdgesForRace(racePath: string, options: { again?: boolean } = {}): Promise<EdgeSuggestion[]> {
  const manifest = await loadManifest(racePath);
  // Stored ones are read (and their hash checked) every time: a file read, and a changed file is never served.
  if (manifest.suggestions !== undefined && !options.again) return (await readStoredEdges(racePath, manifest)) ?? [];
  const key = `${path.resolve(racePath)}\n${manifest.composite.sha256}\n${manifest.times.sha256}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = detect(racePath, manifest);
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
    while (cache.size > 8) cache.delete(cache.keys().next().value as string);
  }
  return (await pending).map((s) => ({ ...s, rows: [...s.rows] as [number, number] }));
}

/** For the build: the suggestions of the race in `folder` (its temporary folder), as the stored file's bytes. */
export async function suggestionsToStore(folder: string): Promise<{ bytes: Uint8Array; count: number }> {
  const edges = await detect(folder, await loadManifest(folder));
  return { bytes: storedEdgesBytes(edges), count: edges.length };
}

async function readComposite(racePath: string, manifest: EvidenceManifest): Promise<Plane> {
  // The manifest names the composite (PNG, or TIFF for 16-bit footage); it must lie inside the race folder.
  let file = path.join(racePath, manifest.composite.path);
  try {
    file = await resolveContained(racePath, manifest.composite.path);
  } catch {
    throw new UserError(`${file}: the race's composite image is missing or outside the race folder`, 'NOT_FOUND');
  }
  if (manifest.columns * manifest.rows > MAX_COMPOSITE_PIXELS) {
    throw new UserError(
      `${file}: ${manifest.columns} columns × ${manifest.rows} rows is over the ${MAX_COMPOSITE_PIXELS / 1e6} megapixels detection handles at once; build a race from the seconds around the finish`,
      'INVALID_ARGUMENT',
    );
  }
  let raw;
  try {
    raw = await sharp(file, { limitInputPixels: false }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new UserError(`${file}: the composite image cannot be read`, 'NOT_FOUND');
  }
  if (raw.info.width !== manifest.columns || raw.info.height !== manifest.rows) {
    throw new UserError(`${file}: ${raw.info.width}×${raw.info.height} px, but the manifest says ${manifest.columns} columns × ${manifest.rows} rows`, 'CONFLICT');
  }
  return { width: raw.info.width, height: raw.info.height, data: new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength) };
}

async function detect(racePath: string, manifest: EvidenceManifest): Promise<EdgeSuggestion[]> {
  const times = await readTimes(racePath);
  const timesNs = times.timesNs.map((t) => BigInt(t));
  const plane = await readComposite(racePath, manifest);
  const lineScan = manifest.source.kind === 'linescan';
  const { objects, model } = findCompositeObjects(plane, lineScan ? { still: stillBackground(plane) } : {});
  const threshold = Math.max(12, 0.8 * median(Array.from(model.threshold)));
  const geometry = lineGeometry(manifest.line);
  // A body already on the line, as the composite shows it, before its reading says it crossed: its front was not
  // read (late-front.ts). The frames' fits read it again above their own noise; failing that, its first column is
  // all that is known.
  const rowThreshold = model.threshold.map((t) => Math.max(t, 14));
  const readLate = (r: Reading) => r.calibrated && paintBeforeReading(plane, model, rowThreshold, r.span, columnAtTime(timesNs, r.time));
  const found: Reading[] = lineScan
    ? objects.map((o) => lineScanReading(o, plane, model.background, threshold, timesNs))
    : objects.length
        ? await readingsFromFrames(objects, { manifest, timesNs, frameOfColumn: times.frames, geometry, threshold }, frameReader(manifest), minObjectRows(plane.height), readLate)
        : [];
  // One suggestion per body: pieces beside a body that pass the line with it are its parts (body-pieces.ts).
  const readings = joinPieces(found, 2 * minObjectRows(plane.height));
  const suggestions = readings.map(
    (r) =>
      ({
        index: 0,
        time_s: Number(r.time) / 1e9, // exact integer ÷ 1e9: the nearest double to the decimal time
        time_ns: r.time.toString(),
        column: Math.round(columnAtTime(timesNs, r.time) * 1000) / 1000,
        rows: r.rows,
        direction: r.direction,
        uncertainty_s: r.sigmaS,
        uncertainty_calibrated: r.calibrated,
        flags: withConfidenceFlag(r),
        confidence: confidenceOf(r),
      }) satisfies EdgeSuggestion,
  );
  suggestions.sort((a, b) => (BigInt(a.time_ns) < BigInt(b.time_ns) ? -1 : BigInt(a.time_ns) > BigInt(b.time_ns) ? 1 : a.rows[0] - b.rows[0]));
  suggestions.forEach((s, i) => (s.index = i));
  return suggestions;
}
