/**
 * Which time each frame gets. Decided before any frame is decoded, so a bad timestamps file or a missing rate is
 * refused before anything is written. Video presentation timestamps are the exception: they are read while
 * decoding (and checked afterwards).
 */
import path from 'node:path';
import type { TimingChoice } from '../../domain/race/build-request.js';
import { UserError } from '../../domain/errors.js';
import type { EvidenceFile, SourceKind, TimingSource } from '../../domain/race/evidence.js';
import { parseSecondsToTicks, ticksToNsString, type Ticks } from '../../domain/time/ticks.js';
import { parseTimestampsText, type TimestampEntry } from '../../domain/time/timestamps-file.js';
import { constantRateTimes, measureRate, parseRate, rateToText } from '../../domain/time/time-map.js';
import { readBoundedFile } from '../../store/regular-file.js';
import { sha256Bytes } from '../../store/sha256.js';

export interface TimestampsFile {
  file: EvidenceFile;
  entries: TimestampEntry[];
}

/** A timestamps file has a line of some 40 bytes per frame: 256 MiB is millions of frames. */
const MAX_TIMESTAMPS_BYTES = 256 * 1024 * 1024;

export async function readTimestampsFile(file: string): Promise<TimestampsFile> {
  let buf: Buffer;
  try {
    buf = await readBoundedFile(file, MAX_TIMESTAMPS_BYTES, 'the timestamps file');
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(`${file}: timestamps file ${code === 'ENOENT' ? 'not found' : 'cannot be read'}`, 'NOT_FOUND');
  }
  const entries = parseTimestampsText(buf.toString('utf8'), file);
  return { file: { path: file, bytes: buf.length, sha256: sha256Bytes(buf) }, entries };
}

/**
 * For a frame folder with a timestamps file: the frame order (the file's order) and each frame's time.
 * Every frame needs a time and every entry a frame.
 */
export function orderFramesByTimestamps(folder: string, names: readonly string[], ts: TimestampsFile): { order: string[]; times: Ticks[] } {
  const label = ts.file.path;
  const known = new Set(names);
  const order: string[] = [];
  const times: Ticks[] = [];
  for (const e of ts.entries) {
    let name: string;
    if (e.key.kind === 'file') {
      name = path.basename(e.key.name);
      if (!known.has(name)) throw new UserError(`${label} line ${e.line}: no frame file named ${e.key.name} in ${folder}`, 'INVALID_ARGUMENT');
    } else {
      const n = names[e.key.index];
      if (n === undefined) throw new UserError(`${label} line ${e.line}: frame ${e.key.index} does not exist (${folder} holds ${names.length} frames, 0–${names.length - 1})`, 'INVALID_ARGUMENT');
      name = n;
    }
    order.push(name);
    times.push(e.time);
  }
  if (order.length !== new Set(order).size) {
    const dup = order.find((n, i) => order.indexOf(n) !== i) as string;
    throw new UserError(`${label}: frame ${dup} has more than one time`, 'INVALID_ARGUMENT');
  }
  const missing = names.find((n) => !order.includes(n));
  if (missing !== undefined) throw new UserError(`${label}: frame ${missing} has no time (every frame in ${folder} needs one)`, 'INVALID_ARGUMENT');
  return { order, times };
}

/** A timestamps file for a single-file source (video, GIF, line-scan): one time per frame number, all frames covered. */
export function timesByFrameNumber(ts: TimestampsFile, frameCount: number, unit: 'frame' | 'column', source: string): Ticks[] {
  const label = ts.file.path;
  const times: (Ticks | undefined)[] = new Array(frameCount);
  for (const e of ts.entries) {
    if (e.key.kind !== 'frame') throw new UserError(`${label} line ${e.line}: ${source} is one file, so give a "frame" number column, not "file"`, 'INVALID_ARGUMENT');
    if (e.key.index >= frameCount) throw new UserError(`${label} line ${e.line}: ${unit} ${e.key.index} does not exist (${source} has ${frameCount}, 0–${frameCount - 1})`, 'INVALID_ARGUMENT');
    times[e.key.index] = e.time;
  }
  const missing = times.findIndex((t) => t === undefined);
  if (missing >= 0 || times.length !== frameCount) throw new UserError(`${label}: ${unit} ${missing} of ${source} has no time (every ${unit} needs one)`, 'INVALID_ARGUMENT');
  for (let i = 1; i < frameCount; i++) {
    if ((times[i] as Ticks) <= (times[i - 1] as Ticks)) throw new UserError(`${label}: the time of ${unit} ${i} does not come after ${unit} ${i - 1}`, 'INVALID_ARGUMENT');
  }
  return times as Ticks[];
}

/** Times per frame, or 'decoded' for a video's own timestamps (known after decoding). */
export interface TimePlan {
  timing: TimingSource;
  frameTimes: Ticks[] | 'decoded';
}

export function planTiming(
  kind: SourceKind,
  frameCount: number,
  choice: TimingChoice | undefined,
  ownTimes: Ticks[] | null,
  timestamps: { file: TimestampsFile; times: Ticks[] } | null,
  source: string,
): TimePlan {
  const c = choice ?? (kind === 'video' || kind === 'gif' ? { kind: 'source' as const } : undefined);
  if (!c) {
    throw kind === 'linescan'
      ? new UserError(`${source}: a line-scan image has no times of its own`, 'INVALID_ARGUMENT', { hint: 'give-line-rate' })
      : new UserError(`${source}: frames have no times of their own`, 'INVALID_ARGUMENT', { hint: 'give-frame-rate' });
  }
  switch (c.kind) {
    case 'fps':
    case 'line-rate': {
      if (c.kind === 'line-rate' && kind !== 'linescan') {
        const what = kind === 'video' ? 'a video' : kind === 'gif' ? 'a GIF' : 'a folder of frames';
        throw new UserError(`${source} is ${what}: a line rate is for a native line-scan image`, 'INVALID_ARGUMENT', { hint: 'use-frame-rate' });
      }
      const what = c.kind === 'fps' ? 'frame rate' : 'line rate';
      const text = c.kind === 'fps' ? c.fps : c.rate;
      const rate = parseRate(text, what);
      const start = c.startTimeS === undefined ? 0n : parseSecondsToTicks(c.startTimeS, 'start time');
      const times = constantRateTimes(frameCount, rate, start, what, text);
      // Keep the rate as the official typed it ("29.97"); a fraction is reduced ("30000/1001").
      const rateText = text.includes('/') ? rateToText(rate) : text.trim();
      const startNs = ticksToNsString(start);
      const own = c.kind === 'fps' && ownTimes && ownTimes.length >= 2 ? measureRate(ownTimes).medianInterval : null;
      const timing: TimingSource =
        c.kind === 'fps'
          ? { kind: 'fps', fps: rateText, startNs, ...(own !== null && own > 0n ? { ownIntervalNs: ticksToNsString(own) } : {}) }
          : { kind: 'line-rate', rate: rateText, startNs };
      return { timing, frameTimes: times };
    }
    case 'timestamps':
      if (!timestamps) throw new Error('timestamps file not read');
      return { timing: { kind: 'timestamps', file: timestamps.file.file }, frameTimes: timestamps.times };
    case 'source':
      if (kind === 'video') return { timing: { kind: 'video' }, frameTimes: 'decoded' };
      if (kind === 'gif' && ownTimes) return { timing: { kind: 'gif-delays' }, frameTimes: ownTimes };
      throw new UserError(`${source}: this source has no times of its own`, 'INVALID_ARGUMENT', { hint: kind === 'linescan' ? 'give-line-rate' : 'give-frame-rate' });
  }
}
