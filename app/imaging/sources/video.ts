/**
 * A video file decoded by ffmpeg. Times are the stream's own presentation timestamps (with -copyts, so they are the
 * file's, not ffmpeg's re-based ones), never an assumed rate: ffprobe lists the packets' timestamps up front for the
 * probe and progress; while decoding, `showinfo` reports the timestamp of every decoded frame and those are the
 * times the race keeps. ffmpeg crops each frame to the finish line's rectangle before converting to RGB, so only a
 * few rows or columns per frame cross the pipe, and packs several frames' crops into one picture so the conversion's
 * fixed cost is paid once per picture, not per frame (see video-crop.ts).
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CancelledError, UserError } from '../../domain/errors.js';
import type { Region } from '../../domain/line/finish-line.js';
import type { Ticks } from '../../domain/time/ticks.js';
import { parseRate, ptsToTicks, type Rational } from '../../domain/time/time-map.js';
import { sha256File } from '../../store/sha256.js';
import { FRAME_PIXEL_LIMIT, megapixels } from '../limits.js';
import { samplesOf } from '../pixels.js';
import { ffmpegPath, ffprobePath, framePassthroughArgs, frameTimestampFilter, lastErrorLine, missingTool, runTool } from './ffmpeg.js';
import type { FrameSource, ReadOptions, RegionResult } from './source.js';
import { framesPerPicture, pictureBytes, pictureFilters, picturePlan } from './video-crop.js';

export const VIDEO_EXTENSIONS = new Set(['.mp4', '.mov', '.avi', '.mkv', '.m4v', '.webm', '.mts', '.m2ts', '.mpg', '.mpeg']);

interface ProbeJson {
  streams?: { width?: number; height?: number; time_base?: string; pix_fmt?: string; codec_name?: string }[];
  packets?: { pts?: number | string; dts?: number | string }[];
}

const RGB = { depth: 8, channels: 3 } as const;

export async function openVideo(file: string): Promise<FrameSource> {
  let bytes: number;
  try {
    bytes = (await stat(file)).size;
  } catch {
    throw new UserError(`${file}: video not found`, 'NOT_FOUND');
  }
  if (bytes === 0) throw new UserError(`${file}: empty file (0 bytes)`, 'INVALID_ARGUMENT');
  // Asked while ffprobe runs, not after it (one ffmpeg start-up less on the way to the first frame).
  const features = Promise.all([framePassthroughArgs(), frameTimestampFilter()]);
  // Awaited below; until then keep Node from reporting a failure as unhandled.
  features.catch(() => undefined);
  const probe = await runTool(ffprobePath(), [
    '-v', 'error', '-select_streams', 'v:0',
    '-show_entries', 'stream=width,height,time_base,pix_fmt,codec_name', '-show_entries', 'packet=pts,dts',
    '-of', 'json', file,
  ]);
  if (probe.code !== 0) throw new UserError(`${file}: not a readable video (${lastErrorLine(probe.stderr)})`, 'INVALID_ARGUMENT');
  let json: ProbeJson;
  try {
    json = JSON.parse(probe.stdout.toString('utf8')) as ProbeJson;
  } catch {
    throw new UserError(`${file}: not a readable video (ffprobe gave no stream information)`, 'INVALID_ARGUMENT');
  }
  const stream = json.streams?.[0];
  if (!stream?.width || !stream.height || !stream.time_base) throw new UserError(`${file}: the file holds no video stream`, 'INVALID_ARGUMENT');
  const { width, height } = stream;
  if (width * height > FRAME_PIXEL_LIMIT) throw new UserError(`${file}: ${width}×${height} px frames are over the ${megapixels(FRAME_PIXEL_LIMIT)} limit`, 'INVALID_ARGUMENT');
  const timeBase: Rational = parseRate(stream.time_base, `${file} time base`);
  const packets = json.packets ?? [];
  if (packets.length === 0) throw new UserError(`${file}: the video stream has no frames`, 'INVALID_ARGUMENT');
  const pts = packets
    .map((p) => p.pts ?? p.dts)
    .filter((v): v is number | string => v !== undefined && v !== 'N/A')
    .map((v) => BigInt(v))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // Presentation order is timestamp order; a stream without a timestamp on every packet has no times of its own.
  const probedTimes = pts.length === packets.length ? pts.map((p) => ptsToTicks(p, timeBase)) : null;
  let decoded: Ticks[] = [];

  return {
    kind: 'video',
    path: file,
    description: `${stream.codec_name ?? 'video'} ${width}×${height} px, ${packets.length} frames, ${path.basename(file)}`,
    width,
    height,
    format: RGB,
    frameCount: packets.length,
    frameName: (i) => `${path.basename(file)} frame ${i}`,
    ownTimes: probedTimes ? { kind: 'video', times: probedTimes } : null,
    isLineScan: false,
    readRegions: (region, opts) => decodeRegions(file, width, height, region, opts, features, (t) => (decoded = t)),
    decodedTimes: () => decoded,
    readFrame: (index) => readVideoFrame(file, width, height, probedTimes, pts, index, packets.length),
    async hashFiles(signal) {
      return [{ path: file, bytes, sha256: (await sha256File(file, signal)).sha256 }];
    },
    async close() {},
  };
}

export { cropFilter } from './video-crop.js';

async function* decodeRegions(
  file: string,
  width: number,
  height: number,
  region: Region,
  opts: ReadOptions,
  features: Promise<[passthrough: string[], showinfo: string]>,
  done: (times: Ticks[]) => void,
): AsyncGenerator<RegionResult> {
  const plan = picturePlan(width, height, region);
  const perPicture = framesPerPicture(plan);
  const filters = pictureFilters(plan, width, height);
  const [passthrough, showinfo] = await features;
  // One decoder thread per core: ffmpeg's default (one more than the cores) decoded 1280×720 H.264 20 % slower on 2 cores
  // (1.73 s against 1.36 s for 2000 frames), the extra frame thread only queueing for a core.
  // -noautorotate: frames as stored, matching ffprobe's width and height (and the inspector, which does the same).
  const args = [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-noautorotate', '-copyts',
    '-threads', String(Math.max(1, os.availableParallelism())), '-i', file,
    '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', [filters.perFrame, showinfo, filters.perPicture].filter(Boolean).join(','),
    ...passthrough, '-f', 'rawvideo', 'pipe:1',
  ];
  const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const bytesPerPicture = pictureBytes(plan);
  const regionBytes = region.width * region.height * 3;
  const ptsList: bigint[] = [];
  /** Frames showinfo reported: how many slots of the last (padded) picture are real frames. */
  let framesSeen = 0;
  let timeBase: Rational | null = null;
  let stderrTail = '';
  let spawnError: Error | null = null;
  let pendingLine = '';
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (chunk: string) => {
    const text = pendingLine + chunk;
    const lines = text.split(/\r|\n/);
    pendingLine = lines.pop() ?? '';
    for (const line of lines) {
      const m = /showinfo.*\bn:\s*(\d+)\s+pts:\s*(-?\d+|NOPTS)/.exec(line);
      if (m) {
        const n = Number(m[1]);
        framesSeen = Math.max(framesSeen, n + 1);
        if (m[2] !== 'NOPTS') ptsList[n] = BigInt(m[2] as string);
        continue;
      }
      const tb = /showinfo.*config in time_base:\s*(\d+)\/(\d+)/.exec(line);
      if (tb) timeBase = { num: BigInt(tb[1] as string), den: BigInt(tb[2] as string) };
      else stderrTail = (stderrTail + line + '\n').slice(-4000);
    }
  });
  const exited = new Promise<number | null>((resolve) => {
    proc.on('error', (e: NodeJS.ErrnoException) => {
      spawnError = e.code === 'ENOENT' ? missingTool('ffmpeg') : e;
      resolve(null);
    });
    proc.on('close', (code) => resolve(code));
  });
  const onAbort = () => proc.kill('SIGKILL');
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let index = 0;
    // Each picture is assembled straight from the pipe's chunks into a buffer of its own (one copy, however many
    // chunks it spans); its frames' regions lie one after another in it and are handed on as views.
    let picture: Buffer = Buffer.allocUnsafe(bytesPerPicture);
    let filled = 0;
    /** The last complete tiled picture: how many of its slots are real frames is known once showinfo counted them. */
    let held: Buffer | null = null;
    const frames = (pic: Buffer, count: number) => Array.from({ length: count }, (_, s) => samplesOf(pic.subarray(s * regionBytes, (s + 1) * regionBytes), 8));
    for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(chunk.length - at, bytesPerPicture - filled);
        chunk.copy(picture, filled, at, at + n);
        filled += n;
        at += n;
        if (filled < bytesPerPicture) break;
        const full = picture;
        picture = Buffer.allocUnsafe(bytesPerPicture);
        filled = 0;
        if (perPicture === 1) {
          yield { index: index++, pixels: samplesOf(full, 8) };
          continue;
        }
        const ready = held;
        held = full;
        if (ready) for (const pixels of frames(ready, perPicture)) yield { index: index++, pixels };
      }
    }
    const code = await exited;
    if (opts.signal?.aborted) throw new CancelledError('Build cancelled.');
    if (spawnError) throw spawnError;
    if (code !== 0) throw new UserError(`${file}: ffmpeg could not decode the video (${lastErrorLine(stderrTail)})`, 'INVALID_ARGUMENT');
    if (held) {
      const last = framesSeen - index;
      if (last < 1 || last > perPicture) throw new Error(`${file}: ffmpeg reported ${framesSeen} frames but wrote ${index + perPicture} picture slots`);
      for (const pixels of frames(held, last)) yield { index: index++, pixels };
    }
    if (index === 0) throw new UserError(`${file}: no frame could be decoded`, 'INVALID_ARGUMENT');
    // Frames without a timestamp stay without a time here; the build refuses them unless --fps gives the times.
    const tb = timeBase as Rational | null;
    const times: Ticks[] = new Array(index);
    if (tb) for (let i = 0; i < index; i++) if (ptsList[i] !== undefined) times[i] = ptsToTicks(ptsList[i] as bigint, tb);
    done(times);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  }
}

async function readVideoFrame(file: string, width: number, height: number, times: Ticks[] | null, pts: bigint[], index: number, frameCount: number) {
  if (index < 0 || index >= frameCount) throw new UserError(`frame ${index} is outside ${file} (${frameCount} frames)`, 'INVALID_ARGUMENT');
  const target = pts[index];
  const time = times?.[index];
  // Seek to a keyframe well before the frame, then let ffmpeg decode forward to the exact timestamp; a stream
  // without timestamps is decoded from the start up to the frame's number.
  // The seek is measured from the stream's first timestamp (whichever way ffmpeg counts -ss with -copyts, this lands
  // before the frame); if it still misses, decode from the start.
  const first = times?.[0] ?? 0n;
  const bySeek =
    target !== undefined && time !== undefined
      ? ['-ss', Math.max(0, Number(time - first) / 1e9 - 2).toFixed(3), '-i', file, '-map', '0:v:0', '-vf', `select=gte(pts\\,${target}),format=rgb24`]
      : null;
  const fromStart = ['-i', file, '-map', '0:v:0', '-vf', target !== undefined && time !== undefined ? `select=gte(pts\\,${target}),format=rgb24` : `select=eq(n\\,${index}),format=rgb24`];
  const run = (select: string[]) => runTool(ffmpegPath(), ['-v', 'error', '-nostdin', '-noautorotate', '-copyts', ...select, '-frames:v', '1', '-f', 'rawvideo', 'pipe:1']);
  let res = await run(bySeek ?? fromStart);
  if (bySeek && (res.code !== 0 || res.stdout.length < width * height * 3)) res = await run(fromStart);
  if (res.code !== 0 || res.stdout.length < width * height * 3) {
    try {
      await stat(file);
    } catch {
      throw new UserError(`${file}: source video not found (the footage was moved or deleted)`, 'NOT_FOUND');
    }
    throw new UserError(`${file}: could not decode frame ${index} (${lastErrorLine(res.stderr)})`, 'INVALID_ARGUMENT');
  }
  return { pixels: samplesOf(res.stdout.subarray(0, width * height * 3), 8), width, height, format: RGB };
}
