/**
 * A video file decoded by ffmpeg. Times are the stream's own presentation timestamps (with -copyts, so they are the
 * file's, not ffmpeg's re-based ones), never an assumed rate: ffprobe lists the packets' timestamps up front for the
 * probe and progress; while decoding, `showinfo` reports the timestamp of every decoded frame and those are the
 * times the race keeps. ffmpeg crops each frame to the finish line's rectangle before converting to RGB, so only a
 * few rows or columns per frame cross the pipe.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CancelledError, UserError } from '../../domain/errors.js';
import type { Region } from '../../domain/line/finish-line.js';
import type { Ticks } from '../../domain/time/ticks.js';
import { parseRate, ptsToTicks, type Rational } from '../../domain/time/time-map.js';
import { sha256File } from '../hash.js';
import { FRAME_PIXEL_LIMIT, megapixels } from '../limits.js';
import { samplesOf } from '../pixels.js';
import { ffmpegPath, ffprobePath, lastErrorLine, missingTool, runTool } from './ffmpeg.js';
import type { FrameSource, ReadOptions, RegionResult } from './source.js';

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
  const pts = (json.packets ?? [])
    .map((p) => p.pts ?? p.dts)
    .filter((v): v is number | string => v !== undefined && v !== 'N/A')
    .map((v) => BigInt(v))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (pts.length === 0) throw new UserError(`${file}: the video stream has no frames`, 'INVALID_ARGUMENT');
  const probedTimes = pts.map((p) => ptsToTicks(p, timeBase));
  let decoded: Ticks[] = [];

  return {
    kind: 'video',
    path: file,
    description: `${stream.codec_name ?? 'video'} ${width}×${height} px, ${pts.length} frames, ${path.basename(file)}`,
    width,
    height,
    format: RGB,
    frameCount: pts.length,
    frameName: (i) => `${path.basename(file)} frame ${i}`,
    ownTimes: { kind: 'video', times: probedTimes },
    isLineScan: false,
    readRegions: (region, opts) => decodeRegions(file, width, height, region, opts, (t) => (decoded = t)),
    decodedTimes: () => decoded,
    readFrame: (index) => readVideoFrame(file, width, height, probedTimes, pts, index),
    async hashFiles(signal) {
      return [{ path: file, bytes, sha256: await sha256File(file, signal) }];
    },
    async close() {},
  };
}

/** ffmpeg's crop on subsampled (4:2:0) frames wants even offsets and sizes: crop an even box, convert, then crop exactly. */
function cropFilter(width: number, height: number, r: Region): string {
  const x0 = r.left - (r.left % 2);
  const y0 = r.top - (r.top % 2);
  const x1 = Math.min(width, r.left + r.width + ((r.left + r.width) % 2));
  const y1 = Math.min(height, r.top + r.height + ((r.top + r.height) % 2));
  return `crop=${x1 - x0}:${y1 - y0}:${x0}:${y0},format=rgb24,crop=${r.width}:${r.height}:${r.left - x0}:${r.top - y0}`;
}

async function* decodeRegions(
  file: string,
  width: number,
  height: number,
  region: Region,
  opts: ReadOptions,
  done: (times: Ticks[]) => void,
): AsyncGenerator<RegionResult> {
  const args = [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-copyts', '-i', file,
    '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', `${cropFilter(width, height, region)},showinfo`,
    '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1',
  ];
  const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const frameBytes = region.width * region.height * 3;
  const ptsList: bigint[] = [];
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
      const m = /showinfo.*\bn:\s*(\d+)\s+pts:\s*(-?\d+)/.exec(line);
      if (m) {
        ptsList[Number(m[1])] = BigInt(m[2] as string);
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
    let carry: Buffer = Buffer.alloc(0);
    for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
      let buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      while (buf.length >= frameBytes) {
        // Copy: the chunk's memory is reused by the stream, and the composite keeps samples until a strip fills.
        const pixels = samplesOf(Buffer.from(buf.subarray(0, frameBytes)), 8);
        buf = buf.subarray(frameBytes);
        yield { index: index++, pixels };
      }
      carry = buf;
    }
    const code = await exited;
    if (opts.signal?.aborted) throw new CancelledError('Build cancelled.');
    if (spawnError) throw spawnError;
    if (code !== 0) throw new UserError(`${file}: ffmpeg could not decode the video (${lastErrorLine(stderrTail)})`, 'INVALID_ARGUMENT');
    if (index === 0) throw new UserError(`${file}: no frame could be decoded`, 'INVALID_ARGUMENT');
    const tb = timeBase as Rational | null;
    if (!tb || ptsList.length < index || ptsList.slice(0, index).some((p) => p === undefined)) {
      throw new UserError(`${file}: ffmpeg did not report the timestamp of every decoded frame`, 'INTERNAL');
    }
    done(ptsList.slice(0, index).map((p) => ptsToTicks(p, tb)));
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  }
}

async function readVideoFrame(file: string, width: number, height: number, times: Ticks[], pts: bigint[], index: number) {
  const target = pts[index];
  const time = times[index];
  if (target === undefined || time === undefined) throw new UserError(`frame ${index} is outside ${file} (${pts.length} frames)`, 'INVALID_ARGUMENT');
  // Seek to a keyframe well before the frame, then let ffmpeg decode forward to the exact timestamp.
  const seekS = Math.max(0, Number(time) / 1e9 - 2);
  const res = await runTool(ffmpegPath(), [
    '-v', 'error', '-nostdin', '-copyts', '-ss', seekS.toFixed(3), '-i', file, '-map', '0:v:0',
    '-vf', `select=gte(pts\\,${target})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1',
  ]);
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
