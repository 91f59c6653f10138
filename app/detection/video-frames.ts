/**
 * Frames of a video for the detector, without decoding the whole video: the frames it needs lie in a few short
 * stretches (around each object's crossing) plus some spread over the recording (for the still background), so
 * each stretch is decoded on its own from the keyframe before it (ffmpeg seeks), two at a time, and the background
 * is sampled at keyframes, which decode alone. Frames are numbered in presentation order, as the build numbered
 * them; a frame is found by its own timestamp (ffprobe lists every packet's), never by counting after a seek.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { Band } from '../domain/detection/background.js';
import type { RgbImage } from '../domain/detection/front-fit.js';
import type { Region } from '../domain/line/finish-line.js';
import { UserError } from '../domain/errors.js';
import { ffmpegPath, ffprobePath, framePassthroughArgs, lastErrorLine, missingTool, runTool } from '../imaging/sources/ffmpeg.js';
import { cropFilter } from '../imaging/sources/video-crop.js';

interface VideoIndex {
  /** Presentation timestamps in order (stream time base); frame i has pts[i]. */
  pts: bigint[];
  /** Frame numbers of keyframes, ascending. */
  keyframes: number[];
  /** Seconds per time-base unit. */
  tb: number;
}

const indexes = new Map<string, Promise<VideoIndex>>();

/** The video's packet list (one ffprobe pass over the container, no decoding), cached per file version. */
export async function videoIndex(file: string): Promise<VideoIndex> {
  const st = await stat(file).catch(() => {
    throw new UserError(`${file}: source video not found (the footage was moved or deleted)`, 'NOT_FOUND');
  });
  const key = `${file}\n${st.size}\n${st.mtimeMs}`;
  let pending = indexes.get(key);
  if (!pending) {
    pending = probeIndex(file);
    pending.catch(() => indexes.delete(key));
    indexes.set(key, pending);
    while (indexes.size > 4) indexes.delete(indexes.keys().next().value as string);
  }
  return pending;
}

async function probeIndex(file: string): Promise<VideoIndex> {
  const res = await runTool(ffprobePath(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=time_base', '-show_entries', 'packet=pts,dts,flags', '-of', 'csv=p=0', file]);
  if (res.code !== 0) throw new UserError(`${file}: not a readable video (${lastErrorLine(res.stderr)})`, 'INVALID_ARGUMENT');
  const lines = res.stdout.toString('utf8').split('\n').filter(Boolean);
  const tbLine = lines.find((l) => /^\d+\/\d+$/.test(l.trim()));
  const [num, den] = (tbLine ?? '1/1').trim().split('/').map(Number) as [number, number];
  const packets = lines
    .filter((l) => l !== tbLine)
    .map((l) => l.split(','))
    .map(([pts, dts, flags]) => ({ pts: pts && pts !== 'N/A' ? pts : dts, key: (flags ?? '').includes('K') }))
    .filter((p): p is { pts: string; key: boolean } => p.pts !== undefined && p.pts !== 'N/A' && p.pts !== '');
  const sorted = packets.map((p) => ({ pts: BigInt(p.pts), key: p.key })).sort((a, b) => (a.pts < b.pts ? -1 : a.pts > b.pts ? 1 : 0));
  return { pts: sorted.map((p) => p.pts), keyframes: sorted.flatMap((p, i) => (p.key ? [i] : [])), tb: num / den };
}

/** Frames that decode alone (keyframes), for sampling the background; null when the index has none. */
export async function keyframesOf(file: string): Promise<number[] | null> {
  const index = await videoIndex(file);
  return index.keyframes.length ? index.keyframes : null;
}

/** What comes out of ffmpeg: the band's size and origin, and the filter that cuts and converts it. */
interface Shape {
  width: number;
  height: number;
  x0: number;
  y0: number;
  filter: string;
}

/** The whole pixels of `band` inside a frame of this size (as cropToBand clips it). */
export function clipBand(band: Band, width: number, height: number): Region {
  const left = Math.max(0, Math.floor(band.x0));
  const top = Math.max(0, Math.floor(band.y0));
  return { left, top, width: Math.min(width, Math.ceil(band.x1)) - left, height: Math.min(height, Math.ceil(band.y1)) - top };
}

/** Frames within this many of each other are decoded in one stretch rather than two seeks. */
const JOIN_GAP = 24;
const PROCESSES = 2;

export async function readVideoFrames(file: string, width: number, height: number, indices: readonly number[], band?: Band): Promise<Map<number, RgbImage>> {
  const index = await videoIndex(file);
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const outOfRange = sorted.find((i) => i < 0 || i >= index.pts.length);
  if (outOfRange !== undefined) throw new UserError(`frame ${outOfRange} is outside ${file} (${index.pts.length} frames)`, 'INVALID_ARGUMENT');
  const runs: [number, number][] = [];
  for (const i of sorted) {
    const last = runs[runs.length - 1];
    if (last && i - last[1] <= JOIN_GAP) last[1] = i;
    else runs.push([i, i]);
  }
  // Lone keyframes (the background's samples) come from one pass that decodes keyframes only.
  const keys = new Set(index.keyframes);
  const lone = runs.filter(([a, b]) => a === b && keys.has(a)).map(([a]) => a);
  const stretches = lone.length > 1 ? runs.filter(([a, b]) => !(a === b && keys.has(a))) : runs;
  const passthrough = await framePassthroughArgs();
  // Only the band is converted to RGB and piped (ffmpeg crops an even box around it first, as the build does).
  const region = band ? clipBand(band, width, height) : null;
  const shape: Shape = region
    ? { width: region.width, height: region.height, x0: region.left, y0: region.top, filter: cropFilter(width, height, region) }
    : { width, height, x0: 0, y0: 0, filter: 'format=rgb24' };
  const out = new Map<number, RgbImage>();
  const wanted = new Set(sorted);
  const jobs: (() => Promise<void>)[] = stretches.map(([a, b]) => async () => {
    const frames = await decodeRun(file, shape, index, a, b, passthrough);
    frames.forEach((image, k) => {
      if (wanted.has(a + k)) out.set(a + k, image);
    });
  });
  if (lone.length > 1) {
    jobs.unshift(async () => {
      const frames = await decodeKeyframes(file, shape, index, lone, passthrough);
      lone.forEach((f, k) => out.set(f, frames[k] as RgbImage));
    });
  }
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await (jobs[next++] as () => Promise<void>)();
  };
  await Promise.all(Array.from({ length: Math.min(PROCESSES, jobs.length) }, worker));
  return out;
}

/** Frames a..b, decoded from the keyframe before a (a seek just short of a's time), picked by timestamp. */
async function decodeRun(file: string, shape: Shape, index: VideoIndex, a: number, b: number, passthrough: string[]): Promise<RgbImage[]> {
  const first = index.pts[0] as bigint;
  const pa = index.pts[a] as bigint;
  const pb = index.pts[b] as bigint;
  const count = b - a + 1;
  const interval = a > 0 ? Number(pa - (index.pts[a - 1] as bigint)) * index.tb : 0;
  const seconds = Number(pa - first) * index.tb;
  // Seek a little before the frame (ffmpeg lands on the keyframe before that and decodes forward); if the seek
  // overshoots (some containers count -ss differently), decode from the start instead.
  const attempts = [Math.max(0, seconds - Math.max(2 * interval, 0.02)), null];
  for (const seek of attempts) {
    const frames = await runDecode(file, shape, seek, [pa, pb], count, passthrough);
    if (frames.length === count) return frames;
  }
  throw new UserError(`${file}: frames ${a}–${b} needed for detection could not be decoded`, 'INVALID_ARGUMENT');
}

/** Keyframes only (the decoder skips every other frame), picked by timestamp. */
async function decodeKeyframes(file: string, shape: Shape, index: VideoIndex, frames: readonly number[], passthrough: string[]): Promise<RgbImage[]> {
  const pts = frames.map((f) => index.pts[f] as bigint);
  const got = await runDecode(file, shape, null, [pts[0] as bigint, pts[pts.length - 1] as bigint], frames.length, passthrough, pts);
  if (got.length !== frames.length) throw new UserError(`${file}: keyframes needed for detection could not be decoded`, 'INVALID_ARGUMENT');
  return got;
}

/**
 * Frames with timestamps pa..pb (or, with `only`, just those timestamps from a keyframes-only decode), after a seek
 * to `seek` seconds (null: from the start).
 */
function runDecode(file: string, shape: Shape, seek: number | null, [pa, pb]: [bigint, bigint], count: number, passthrough: string[], only?: readonly bigint[]): Promise<RgbImage[]> {
  const { width, height, x0, y0 } = shape;
  const select = only ? only.map((p) => `eq(pts\\,${p})`).join('+') : `between(pts\\,${pa}\\,${pb})`;
  // -noautorotate: frames as stored, as the build decoded them (the manifest's width and height are the stored ones).
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-noautorotate', '-copyts',
    ...(only ? ['-skip_frame', 'nokey'] : []),
    ...(seek === null ? [] : ['-ss', seek.toFixed(6)]),
    '-i', file, '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', `select=${select},${shape.filter}`, ...passthrough, '-frames:v', String(count), '-f', 'rawvideo', 'pipe:1',
  ];
  const frameBytes = width * height * 3;
  return new Promise((resolve, reject) => {
    const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => chunks.push(c));
    proc.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
    proc.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? missingTool('ffmpeg') : e));
    proc.on('close', (code) => {
      if (code !== 0) return reject(new UserError(`${file}: ffmpeg could not decode frames for detection (${lastErrorLine(stderr)})`, 'INVALID_ARGUMENT'));
      const all = Buffer.concat(chunks);
      const got = Math.floor(all.length / frameBytes);
      resolve(Array.from({ length: got }, (_, k) => ({ width, height, x0, y0, data: new Uint8Array(all.buffer, all.byteOffset + k * frameBytes, frameBytes) })));
    });
  });
}
