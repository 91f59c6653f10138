/**
 * A video file decoded by ffmpeg. Times are the stream's own presentation timestamps (with -copyts, so they are the
 * file's, not ffmpeg's re-based ones), never an assumed rate: ffprobe lists the packets' timestamps up front for the
 * probe and progress; while decoding, `showinfo` reports the timestamp of every decoded frame and those are the
 * times the race keeps. ffmpeg crops each frame to the finish line's rectangle before converting to RGB, so only a
 * few rows or columns per frame cross the pipe, and packs several frames' crops into one picture so the conversion's
 * fixed cost is paid once per picture, not per frame (see video-crop.ts).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { parseSecondsToTicks, type Ticks } from '../../domain/time/ticks.js';
import { parseRate, ptsToTicks, type Rational } from '../../domain/time/time-map.js';
import { sha256File } from '../../store/sha256.js';
import { FRAME_PIXEL_LIMIT, megapixels } from '../limits.js';
import { samplesOf } from '../pixels.js';
import { ffmpegPath, ffprobePath, framePassthroughArgs, frameTimestampFilter, lastErrorLine, runTool } from './ffmpeg.js';
import type { FrameSource } from './source.js';
import type { CutShort } from './video-cut-short.js';
import { decodeRegions, type ProbedStream } from './video-decode.js';

// .h264/.hevc: an elementary stream as an FFmpeg capture keeps it (its times are in the capture's timestamps.csv).
export const VIDEO_EXTENSIONS = new Set(['.mp4', '.mov', '.avi', '.mkv', '.m4v', '.webm', '.mts', '.m2ts', '.mpg', '.mpeg', '.h264', '.hevc']);

interface ProbeJson {
  streams?: { width?: number; height?: number; time_base?: string; pix_fmt?: string; codec_name?: string; start_time?: string; duration?: string; nb_frames?: string; tags?: { DURATION?: string } }[];
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
    '-show_entries', 'stream=width,height,time_base,pix_fmt,codec_name,start_time,duration,nb_frames:stream_tags=DURATION', '-show_entries', 'packet=pts,dts',
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
  let cutShort: CutShort | null = null;
  const probed: ProbedStream = { pts: probedTimes ? pts : [], timeBase, declaredEnd: declaredEndOf(stream.start_time, stream.duration, stream.tags?.DURATION),
    declaredFrames: stream.nb_frames !== undefined && /^\d+$/.test(stream.nb_frames) ? Number(stream.nb_frames) : null,
  };

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
    readRegions: (region, opts) =>
      decodeRegions({
        file, width, height, region, opts, features, probed,
        done: (t, c) => {
          decoded = t;
          cutShort = c;
        },
      }),
    decodedTimes: () => decoded,
    cutShort: () => (cutShort ? { missingNs: cutShort.missingNs, untilNs: cutShort.untilNs, label: `${path.basename(file)}: cut short, about ${cutShort.frames} frames missing at the end` } : null),
    readFrame: (index) => readVideoFrame(file, width, height, probedTimes, pts, index, packets.length),
    async hashFiles(signal) {
      return [{ path: file, bytes, sha256: (await sha256File(file, signal)).sha256 }];
    },
    async close() {},
  };
}

export { cropFilter } from './video-crop.js';

/**
 * Where the container says the stream ends, from ffprobe's decimal seconds (null where it does not say). Matroska
 * and WebM give no stream duration but the muxer's DURATION tag of the stream ("00:00:05.040000000"), read the same.
 */
function declaredEndOf(start: string | undefined, duration: string | undefined, taggedDuration?: string): Ticks | null {
  const given = duration !== undefined && duration !== 'N/A' ? duration : taggedDuration;
  if (given === undefined || given === 'N/A') return null;
  try {
    return (start === undefined || start === 'N/A' ? 0n : parseSecondsToTicks(start)) + parseSecondsToTicks(given);
  } catch {
    return null;
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
