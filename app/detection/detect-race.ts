/**
 * Leading-edge suggestions for a race: objects found in the composite, then each one's crossing time refined to a
 * fraction of a frame interval from the source frames around its leading edge. Suggestions only: the official
 * accepts one for a competitor or places their own hairline; nothing here decides a result.
 *
 * Results are deterministic (same evidence, same suggestions), sorted by time, numbered from 0 in that order, and
 * cached per race while the process runs (evidence never changes once built).
 */
import path from 'node:path';
import sharp from 'sharp';
import type { EdgeSuggestion } from '../api/types.js';
import { medianBackground } from '../domain/detection/background.js';
import { columnAtTime } from '../domain/time/column-time.js';
import { findCompositeObjects, type CompositeObject, type Plane } from '../domain/detection/composite-objects.js';
import { fitCrossing, frameGain, motionSign, type CrossingFit, type FrameAt, type RgbImage } from '../domain/detection/front-fit.js';
import { bandAround, directionName, lineGeometry, type LineGeometry } from '../domain/detection/line-crossing.js';
import { median } from '../domain/detection/robust.js';
import { UserError } from '../domain/errors.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { ticksToSeconds, type Ticks } from '../domain/time/ticks.js';
import { loadManifest, readTimes } from '../store/evidence-reader.js';
import { resolveContained } from '../security/contain.js';
import { frameReader } from './frame-reader.js';

/**
 * Frames before the first touch and from it on used to fit the front's motion: more after, because a shadow or a
 * halo ahead of the body can touch the line a few frames before the body does.
 */
const FIT_FRAMES_BEFORE = 5;
const FIT_FRAMES_FROM = 8;
/** Frames spread over the recording for the still background. */
const BACKGROUND_FRAMES = 25;

/** The composite is modelled whole (about 9 bytes per pixel of working memory). */
const MAX_COMPOSITE_PIXELS = 80_000_000;

const cache = new Map<string, Promise<EdgeSuggestion[]>>();

export async function detectEdgesForRace(racePath: string): Promise<EdgeSuggestion[]> {
  const manifest = await loadManifest(racePath);
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

interface Refined {
  time: Ticks;
  sigmaS: number;
  direction: EdgeSuggestion['direction'];
  fit: CrossingFit | null;
  /** Frame interval before the first touch (s). */
  intervalS: number;
}

async function detect(racePath: string, manifest: EvidenceManifest): Promise<EdgeSuggestion[]> {
  const times = await readTimes(racePath);
  const timesNs = times.timesNs.map((t) => BigInt(t));
  const plane = await readComposite(racePath, manifest);
  const { objects, model } = findCompositeObjects(plane);
  const threshold = Math.max(12, 0.8 * median(Array.from(model.threshold)));
  const columns = timesNs.length;
  // An object already on the line in the first column crossed before the recording: its edge was never seen.
  const seen = objects.filter((o) => o.firstColumn > 0);
  const geometry = lineGeometry(manifest.line);
  const refined = new Map<CompositeObject, Refined>();

  if (manifest.source.kind !== 'linescan' && seen.length > 0) {
    const frameOf = (c: number) => times.frames[Math.max(0, Math.min(columns - 1, c))] as number;
    const wanted = new Set<number>();
    const backgroundFrames: number[] = [];
    for (let k = 0; k < BACKGROUND_FRAMES; k++) backgroundFrames.push(frameOf(Math.round(((columns - 1) * k) / (BACKGROUND_FRAMES - 1))));
    backgroundFrames.forEach((f) => wanted.add(f));
    for (const o of seen) {
      for (let c = o.firstColumn - FIT_FRAMES_BEFORE; c < o.firstColumn + FIT_FRAMES_FROM; c++) wanted.add(frameOf(c));
      wanted.add(frameOf(o.lastColumn + 1));
    }
    const frames = await frameReader(manifest)([...wanted]);
    const motionDim = geometry.motionAxis === 'x' ? manifest.source.width : manifest.source.height;
    const window = Math.max(24, Math.min(200, Math.round(motionDim * 0.2)));
    const band = bandAround(geometry, manifest.source.width, manifest.source.height, window + 2);
    const background = medianBackground(
      backgroundFrames.map((f) => frames.get(f) as RgbImage),
      band,
    );
    const gains = new Map<number, number>();
    const at = (c: number, ref: Ticks): FrameAt => {
      const f = frameOf(c);
      const image = frames.get(f) as RgbImage;
      if (!gains.has(f)) gains.set(f, frameGain(image, background));
      return { t: ticksToSeconds((timesNs[Math.max(0, Math.min(columns - 1, c))] as Ticks) - ref), image, gain: gains.get(f) as number };
    };
    for (const o of seen) refined.set(o, refineObject(o, geometry, background, at, timesNs, window, threshold));
  }

  const suggestions = seen.map((o) => {
    const r = refined.get(o) ?? coarse(o, timesNs, geometry);
    const confidence = confidenceOf(o, r);
    return {
      index: 0,
      time_s: Number(r.time) / 1e9, // exact integer ÷ 1e9: the nearest double to the decimal time
      time_ns: r.time.toString(),
      column: Math.round(columnAtTime(timesNs, r.time) * 1000) / 1000,
      rows: [o.top, o.bottom] as [number, number],
      direction: r.direction,
      uncertainty_s: r.sigmaS,
      confidence,
    } satisfies EdgeSuggestion;
  });
  suggestions.sort((a, b) => (BigInt(a.time_ns) < BigInt(b.time_ns) ? -1 : BigInt(a.time_ns) > BigInt(b.time_ns) ? 1 : a.rows[0] - b.rows[0]));
  suggestions.forEach((s, i) => (s.index = i));
  return suggestions;
}

/** Without frames (a native line-scan image) or a usable fit: the middle of the interval in which it arrived. */
function coarse(o: CompositeObject, timesNs: readonly Ticks[], geometry: LineGeometry): Refined {
  const first = timesNs[o.firstColumn] as Ticks;
  const prev = timesNs[Math.max(0, o.firstColumn - 1)] as Ticks;
  const gap = first - prev;
  return {
    time: prev + gap / 2n,
    // No sub-frame claim: somewhere in (or, with a shadow or halo ahead of the body, beyond) that interval.
    sigmaS: ticksToSeconds(gap),
    direction: directionName(geometry.motionAxis, 1),
    fit: null,
    intervalS: ticksToSeconds(gap),
  };
}

function refineObject(
  o: CompositeObject,
  geometry: LineGeometry,
  background: RgbImage,
  at: (c: number, ref: Ticks) => FrameAt,
  timesNs: readonly Ticks[],
  window: number,
  threshold: number,
): Refined {
  const ref = timesNs[o.firstColumn] as Ticks;
  const a0 = geometry.acrossOfRow(o.top);
  const a1 = geometry.acrossOfRow(o.bottom);
  const across: [number, number] = [Math.min(a0, a1), Math.max(a0, a1)];
  const sign = motionSign(at(o.firstColumn - 1, ref), at(o.lastColumn + 1, ref), background, geometry, across, window, threshold);
  const frames: FrameAt[] = [];
  for (let c = o.firstColumn - FIT_FRAMES_BEFORE; c < o.firstColumn + FIT_FRAMES_FROM; c++) {
    if (c < 0 || c >= timesNs.length) continue;
    frames.push(at(c, ref));
  }
  const fit = fitCrossing({ frames, background, geometry, across, sign, window, threshold });
  const direction = directionName(geometry.motionAxis, sign);
  const base = coarse(o, timesNs, geometry);
  const prevS = ticksToSeconds((timesNs[Math.max(0, o.firstColumn - 1)] as Ticks) - ref);
  const interval = -prevS;
  // The object first shows in column firstColumn, so its body cannot have crossed much before the interval ahead of
  // it (compression halos and blur can make it show a frame early); a fit earlier than that, or one that had to
  // extrapolate past the frames it measured, misread the fronts, and the coarse reading is the honest one.
  if (!fit || !fit.bracketed || fit.t < prevS - interval) return { ...base, direction };
  return { time: addSeconds(ref, fit.t), sigmaS: Math.max(fit.sigma, interval * 0.005), direction, fit, intervalS: fit.intervalS };
}

/**
 * 0–1: how clearly the object stands out, and how well its fronts fit one steady motion (residual measured in
 * frame intervals of travel). An edge read only from the composite (no sub-frame fit) never rates above 0.3.
 */
function confidenceOf(o: CompositeObject, r: Refined): number {
  const contrast = Math.min(1, Math.max(0, (o.contrast - 1) / 3));
  if (!r.fit) return Math.round(0.3 * contrast * 100) / 100;
  const travel = Math.max(1e-9, r.fit.velocity * r.intervalS);
  const quality = Math.max(0, Math.min(1, 1 - r.fit.residualPx / travel / 0.5)) * Math.min(1, r.fit.points / 12);
  return Math.round((0.3 * contrast + 0.7 * quality) * 100) / 100;
}

/** A fitted sub-frame offset (float seconds, small) added to an exact frame time, rounded once to the nanosecond. */
function addSeconds(base: Ticks, seconds: number): Ticks {
  return base + BigInt(Math.round(seconds * 1e9));
}
