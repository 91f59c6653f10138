/**
 * Mean brightness of every frame with its exact time on the footage clock: what the flash detector reads. A video
 * is decoded once by ffmpeg, each frame shrunk to 32×32 grey by area averaging (its mean is the frame's mean) and
 * timed by its own presentation timestamp (-copyts, as the build times columns). A race built from a frame folder
 * or a GIF is read through the build's own decoder, a few frames at a time, timed by the race's column times.
 */
import { CancelledError, UserError } from '../../domain/errors.js';
import type { FrameBrightness } from '../../domain/start/flash.js';
import type { EvidenceManifest, TimesFile } from '../../domain/race/evidence.js';
import { ptsToTicks, type Rational } from '../../domain/time/time-map.js';
import { lastErrorLine } from '../../imaging/sources/ffmpeg.js';
import { runFfmpegLogged, showinfoFrame, showinfoTimeBase } from '../../imaging/sources/ffmpeg-log.js';

const SIDE = 32;
/** Frames decoded at once from a folder (each held whole, in RGB, while its mean is taken). */
const FOLDER_CHUNK = 16;

export interface TimedBrightness extends FrameBrightness {
  /** Source frame index (decode order). */
  frame: number;
}

export async function videoBrightness(file: string, signal?: AbortSignal): Promise<TimedBrightness[]> {
  const pts: (bigint | null)[] = [];
  let timeBase: Rational | null = null;
  const args = [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-noautorotate', '-copyts', '-i', file,
    '-map', '0:v:0', '-an', '-sn', '-dn', '-vf', `scale=${SIDE}:${SIDE}:flags=area,format=gray,showinfo`,
    '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1',
  ];
  const run = await runFfmpegLogged(args, (line) => {
    const frame = showinfoFrame(line);
    if (frame) pts[frame.n] = frame.pts;
    else timeBase ??= showinfoTimeBase(line);
    return frame !== null;
  }, signal);
  if (run.code !== 0) throw new UserError(`${file}: ffmpeg could not decode the video (${lastErrorLine(run.tail)})`, 'INVALID_ARGUMENT');
  const tb = timeBase as Rational | null;
  if (!tb) throw new UserError(`${file}: the video's frames carry no timestamps`, 'INVALID_ARGUMENT');
  const size = SIDE * SIDE;
  const count = Math.min(pts.length, Math.floor(run.stdout.length / size));
  const out: TimedBrightness[] = [];
  for (let n = 0; n < count; n++) {
    const p = pts[n];
    if (p === null || p === undefined) continue;
    let sum = 0;
    for (let i = n * size; i < (n + 1) * size; i++) sum += run.stdout[i] as number;
    out.push({ frame: n, time: ptsToTicks(p, tb), mean: sum / size });
  }
  if (out.length === 0) throw new UserError(`${file}: no frame could be decoded`, 'INVALID_ARGUMENT');
  return out;
}

/** Every column's source frame of a race, in column order, with the column's time. */
export async function raceBrightness(manifest: EvidenceManifest, times: TimesFile, signal?: AbortSignal): Promise<TimedBrightness[]> {
  const src = manifest.source;
  if (src.kind === 'linescan') throw new UserError(`${src.path}: a line-scan image has no frames to find a flash in`, 'INVALID_ARGUMENT');
  if (src.kind === 'video') {
    // The video's own timestamps are the race's column times (the build used the same -copyts timestamps).
    const byFrame = new Map((await videoBrightness(src.path, signal)).map((b) => [b.frame, b]));
    return times.frames.map((f, c) => ({ frame: f, time: BigInt(times.timesNs[c] as string), mean: byFrame.get(f)?.mean ?? NaN })).filter((b) => Number.isFinite(b.mean));
  }
  const { frameReader } = await import('../frame-reader.js');
  const read = frameReader(manifest);
  const out: TimedBrightness[] = [];
  for (let c0 = 0; c0 < times.frames.length; c0 += FOLDER_CHUNK) {
    if (signal?.aborted) throw new CancelledError();
    const cols = times.frames.slice(c0, c0 + FOLDER_CHUNK);
    const images = await read(cols);
    cols.forEach((f, k) => {
      const img = images.get(f);
      if (!img) return;
      let sum = 0;
      for (let i = 0; i < img.data.length; i++) sum += img.data[i] as number;
      out.push({ frame: f, time: BigInt(times.timesNs[c0 + k] as string), mean: sum / img.data.length });
    });
  }
  return out;
}
