/**
 * Source frames for people: the frame behind a composite column (inspector) and frames of footage before a race
 * exists (set-up view). The finish line is returned beside the image for the UI to draw; the image itself is the
 * untouched frame. For a frame folder the file is re-hashed and compared with the manifest, so the inspector never
 * shows a frame that differs from the one the composite was built from.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { FrameImage, SourceProbe } from '../api/types.js';
import { UserError } from '../domain/errors.js';
import { defaultLine } from '../domain/line/finish-line.js';
import type { EvidenceManifest, TimesFile } from '../domain/race/evidence.js';
import { ticksToNsString } from '../domain/time/ticks.js';
import { measureRate, rateFromInterval } from '../domain/time/time-map.js';
import { samplesToPngDataUrl } from './frame-image.js';
import { sha256Bytes } from '../store/sha256.js';
import { FRAME_PIXEL_LIMIT } from './limits.js';
import { formatFromMetadata, samplesOf, toRaw } from './pixels.js';
import { openCachedSource } from './source-cache.js';
import { decodeJpegFrameWithFfmpeg } from './sources/jpeg-ffmpeg.js';

/** Widest line-scan preview in the set-up view. */
const LINESCAN_PREVIEW_WIDTH = 4096;

export type FrameTarget = { column: number } | { frameIndex: number };

/** Column of a source frame (frames increase with columns), or -1 when the frame was left out. */
function columnOfFrame(frames: readonly number[], frame: number): number {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = frames[mid] as number;
    if (v === frame) return mid;
    if (v < frame) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The source frame behind a composite column (or a frame number), `step` frames before or after it. */
export async function renderSourceFrame(manifest: EvidenceManifest, times: TimesFile, target: FrameTarget, step = 0): Promise<FrameImage> {
  const src = manifest.source;
  if (src.kind === 'linescan') throw new UserError(`${src.path} is a native line-scan image: it has no source frames (each column is one line)`, 'INVALID_ARGUMENT');
  let base: number;
  if ('column' in target) {
    const c = Math.min(times.frames.length - 1, Math.max(0, Math.round(target.column)));
    base = times.frames[c] as number;
  } else base = target.frameIndex;
  const frameIndex = Math.min(src.frameCount - 1, Math.max(0, base + step));
  const col = columnOfFrame(times.frames, frameIndex);
  const timeNs = col >= 0 ? (times.timesNs[col] as string) : null;

  if (src.kind === 'frames') {
    const evidence = src.files[frameIndex];
    if (!evidence) throw new UserError(`frame ${frameIndex} is not in the race's evidence`, 'NOT_FOUND');
    let buf: Buffer;
    try {
      buf = await readFile(evidence.path);
    } catch {
      throw new UserError(`${evidence.path}: source frame not found (the footage was moved or deleted)`, 'NOT_FOUND');
    }
    if (sha256Bytes(buf) !== evidence.sha256) throw new UserError(`${evidence.path}: the frame file has changed since the race was built (SHA-256 differs)`, 'CONFLICT');
    if (src.decoder === 'ffmpeg') {
      // Decoded as the build decoded it, so the frame's line pixels equal the composite's column exactly.
      const channels = src.channels === 1 ? 1 : 3;
      const f = await decodeJpegFrameWithFfmpeg(evidence.path, channels);
      return {
        dataUrl: await samplesToPngDataUrl(f.pixels, f.width, f.height, { depth: 8, channels }),
        width: f.width,
        height: f.height,
        frameIndex,
        frameCount: src.frameCount,
        timeNs,
        line: manifest.line,
        file: evidence.path,
      };
    }
    const img = sharp(buf, { limitInputPixels: FRAME_PIXEL_LIMIT });
    const format = formatFromMetadata(await img.metadata());
    const raw = await toRaw(img, format).toBuffer({ resolveWithObject: true });
    return {
      dataUrl: await samplesToPngDataUrl(samplesOf(raw.data, format.depth), raw.info.width, raw.info.height, format),
      width: raw.info.width,
      height: raw.info.height,
      frameIndex,
      frameCount: src.frameCount,
      timeNs,
      line: manifest.line,
      file: evidence.path,
    };
  }
  const source = await openCachedSource(src.path);
  const frame = await source.readFrame(frameIndex);
  return {
    dataUrl: await samplesToPngDataUrl(frame.pixels, frame.width, frame.height, frame.format),
    width: frame.width,
    height: frame.height,
    frameIndex,
    frameCount: src.frameCount,
    timeNs,
    line: manifest.line,
    file: src.path,
  };
}

/** A frame of footage before any race exists (set-up view), with the suggested line. */
export async function renderProbeFrame(file: string, index: number): Promise<FrameImage> {
  const source = await openCachedSource(file);
  if (source.isLineScan) {
    // The whole line-scan image stands for its one "frame": the official sees what will become the composite.
    // A set-up preview only (never evidence), so a very long image is scaled down to keep the data URL small.
    const preview = await sharp(file, { limitInputPixels: false })
      .resize({ width: Math.min(source.width, LINESCAN_PREVIEW_WIDTH), withoutEnlargement: true })
      .png({ compressionLevel: 2 })
      .toBuffer({ resolveWithObject: true });
    return {
      dataUrl: `data:image/png;base64,${preview.data.toString('base64')}`,
      width: preview.info.width,
      height: preview.info.height,
      frameIndex: 0,
      frameCount: 1,
      timeNs: null,
      line: null,
      file,
    };
  }
  const i = Math.min(source.frameCount - 1, Math.max(0, index));
  const frame = await source.readFrame(i);
  const own = source.ownTimes?.times[i];
  return {
    dataUrl: await samplesToPngDataUrl(frame.pixels, frame.width, frame.height, frame.format),
    width: frame.width,
    height: frame.height,
    frameIndex: i,
    frameCount: source.frameCount,
    timeNs: own === undefined ? null : ticksToNsString(own),
    line: defaultLine(source.width),
    file: source.kind === 'frames' ? `${file}/${source.frameName(i)}` : file,
  };
}

/** What a source is, before building: size, format, frame count, and the rate measured from its own times. */
export async function probeSource(file: string): Promise<SourceProbe> {
  const source = await openCachedSource(file);
  const own = source.ownTimes;
  const m = own && own.times.length >= 2 ? measureRate(own.times) : null;
  return {
    kind: source.kind,
    path: source.path,
    frameCount: source.frameCount,
    width: source.width,
    height: source.height,
    bitDepth: source.format.depth,
    channels: source.format.channels,
    ownTimes: own?.kind ?? null,
    measuredRate: m ? rateFromInterval(m.medianInterval) : null,
    medianIntervalNs: m ? ticksToNsString(m.medianInterval) : null,
    spreadNs: m ? ticksToNsString(m.spread) : null,
    suggestedLine: source.isLineScan ? { kind: 'column', x: 0 } : defaultLine(source.width),
  };
}
