/**
 * The audio track of a video (or an audio file) as samples on the footage's clock. Audio and video are put on one
 * clock by their presentation timestamps, never by assuming both start at the same instant: ffmpeg decodes with
 * -copyts, so the demuxer's timestamps reach us unchanged: an MP4 edit list (where a phone says its audio starts)
 * and an AAC encoder's priming samples (which the decoder drops, advancing the timestamp) are applied exactly as
 * for the video frames the race was built from. `ashowinfo` reports every decoded frame's timestamp in samples
 * (`asettb=1/sr`), so sample i's time is exact even across a gap in the stream.
 */
import { UserError } from '../../domain/errors.js';
import { ptsToTicks } from '../../domain/time/time-map.js';
import { ticksToSeconds, type Ticks } from '../../domain/time/ticks.js';
import { requireRegularFile } from '../../store/regular-file.js';
import { ffprobePath, lastErrorLine, runTool } from '../sources/ffmpeg.js';
import { runFfmpegLogged, showinfoFrame } from '../sources/ffmpeg-log.js';

/** Longest stretch of audio read: a start lies in the first minutes of a race clip, and 30 min is 350 MB of samples. */
export const MAX_AUDIO_SECONDS = 1800;
/**
 * Most samples kept, whatever the file says of its rate and length (a three-hour silent FLAC is 1.5 MB on disk):
 * 64 MiB of mono float32, 5.8 minutes at 48 kHz. Reading stops there.
 */
export const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

/** The stretch of the footage's clock to read (the footage's time span plus a margin); the whole file when absent. */
export interface AudioWindow {
  fromNs: Ticks;
  toNs: Ticks;
}

export interface AudioStreamInfo {
  codec: string;
  sampleRate: number;
  channels: number;
  /** The stream's start as ffprobe states it (seconds text), or null where it states none. */
  startTime: string | null;
  /** The container's time base for the stream ("1/1000" for Matroska): the precision of its timestamps. */
  timeBase: string | null;
}

export interface AudioTrack {
  file: string;
  stream: AudioStreamInfo;
  /** Mono (channels mixed), full scale ±1. */
  samples: Float32Array;
  sampleRate: number;
  /** Exact time of sample i on the footage's clock. */
  timeOfSample(i: number): Ticks;
}

interface Segment {
  /** Index of the segment's first sample in `samples`. */
  first: number;
  /** Its presentation timestamp, in samples. */
  pts: bigint;
}

async function probeAudio(file: string): Promise<AudioStreamInfo> {
  const probe = await runTool(ffprobePath(), ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channels,start_time,time_base', '-of', 'json', file]);
  if (probe.code !== 0) throw new UserError(`${file}: not a readable audio or video file (${lastErrorLine(probe.stderr)})`, 'INVALID_ARGUMENT');
  let stream: { codec_name?: string; sample_rate?: string; channels?: number; start_time?: string; time_base?: string } | undefined;
  try {
    stream = (JSON.parse(probe.stdout.toString('utf8')) as { streams?: (typeof stream)[] }).streams?.[0];
  } catch {
    stream = undefined;
  }
  const rate = Number(stream?.sample_rate);
  if (!stream || !Number.isInteger(rate) || rate <= 0) throw new UserError(`${file}: has no audio track`, 'INVALID_ARGUMENT');
  return { codec: stream.codec_name ?? 'audio', sampleRate: rate, channels: stream.channels ?? 1, startTime: stream.start_time && stream.start_time !== 'N/A' ? stream.start_time : null,
    timeBase: stream.time_base ?? null,
  };
}

/** One tick of the stream's time base, in whole samples (rounded up). */
function timeBaseSamples(stream: AudioStreamInfo): number {
  const m = /^(\d+)\/(\d+)$/.exec(stream.timeBase ?? '');
  if (!m || Number(m[2]) === 0) return 0;
  return Math.ceil((stream.sampleRate * Number(m[1])) / Number(m[2]));
}

/**
 * Where to start decoding and what to keep. The input seek is relative to the file's start, which is never later
 * than the stream's, so seeking to (window start − stream start − 5 s) never lands past the window; `atrim` then
 * keeps exactly the window on the timestamps themselves (-copyts keeps them on the footage's clock).
 */
function windowArgs(stream: AudioStreamInfo, window: AudioWindow | undefined): { input: string[]; filter: string } {
  if (!window) return { input: [], filter: '' };
  const from = ticksToSeconds(window.fromNs);
  const to = ticksToSeconds(window.toNs);
  const streamStart = stream.startTime !== null ? Number(stream.startTime) : null;
  const seek = streamStart !== null && Number.isFinite(streamStart) ? from - streamStart - 5 : 0;
  return { input: seek > 0 ? ['-ss', seek.toFixed(6)] : [], filter: `atrim=start=${from.toFixed(9)}:end=${to.toFixed(9)},` };
}

export async function readAudioTrack(file: string, signal?: AbortSignal, window?: AudioWindow): Promise<AudioTrack> {
  await requireRegularFile(file);
  const stream = await probeAudio(file);
  const { input, filter } = windowArgs(stream, window);
  const args = [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-copyts', ...input, '-i', file,
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-t', String(MAX_AUDIO_SECONDS),
    '-af', `${filter}aformat=sample_fmts=flt:channel_layouts=mono,asettb=1/sr,ashowinfo`, '-f', 'f32le', 'pipe:1',
  ];
  // Timestamps are rounded to the container's time base (a millisecond in Matroska, 48 samples at 48 kHz): a frame
  // that follows its predecessor within that rounding continues it; only a real gap starts a new segment.
  const jitter = BigInt(timeBaseSamples(stream) + 1);
  const segments: Segment[] = [];
  let counted = 0;
  const run = await runFfmpegLogged(args, (line) => {
    const frame = showinfoFrame(line);
    if (!frame || frame.samples === null) return false;
    const last = segments[segments.length - 1];
    const expected = last ? last.pts + BigInt(counted - last.first) : 0n;
    // A frame without a timestamp continues the one before it.
    const pts = frame.pts ?? expected;
    if (!last || pts - expected > jitter || expected - pts > jitter) segments.push({ first: counted, pts });
    counted += frame.samples;
    return true;
  }, signal, MAX_AUDIO_BYTES);
  if (run.code !== 0) throw new UserError(`${file}: ffmpeg could not decode the audio track (${lastErrorLine(run.tail)})`, 'INVALID_ARGUMENT');
  // A view, not a copy: the bounded output is a buffer of its own, aligned from its first byte.
  const samples = new Float32Array(run.stdout.buffer, run.stdout.byteOffset, Math.floor(run.stdout.length / 4));
  // Frames reported beyond what was kept (ffmpeg stopped at the limit) name no sample.
  while (segments.length > 1 && (segments[segments.length - 1] as Segment).first >= samples.length) segments.pop();
  if (samples.length === 0 || segments.length === 0) throw new UserError(`${file}: the audio track holds no sound`, 'INVALID_ARGUMENT');
  const tb = { num: 1n, den: BigInt(stream.sampleRate) };
  return {
    file,
    stream,
    samples,
    sampleRate: stream.sampleRate,
    timeOfSample(i) {
      let lo = 0;
      let hi = segments.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((segments[mid] as Segment).first <= i) lo = mid;
        else hi = mid - 1;
      }
      const s = segments[lo] as Segment;
      return ptsToTicks(s.pts + BigInt(i - s.first), tb);
    },
  };
}
