/**
 * The zero-control test on a recording of the start device fired at the finish line in view of the camera: the
 * flash in the picture, the report in the audio (both at the line, so no sound delay), the offset between them and
 * the verdict. SOURCE is a video with its own audio track, or a race folder (footage already built, e.g. frames with
 * their rate) with the audio in a separate file on the same clock.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { RACE_LAYOUT } from '../../domain/race/evidence.js';
import { detectFlash } from '../../domain/start/flash.js';
import { judgeZeroControl, ZERO_CONTROL_SCHEMA, zeroControlRules, type ZeroControlReport, type ZeroControlRules } from '../../domain/start/zero-control.js';
import { readRaceDocument } from '../../store/race-document-file.js';
import { openVideo } from '../../imaging/sources/video.js';
import { ticksToSeconds } from '../../domain/time/ticks.js';
import { raceBrightness, videoBrightness, type TimedBrightness } from './frame-brightness.js';
import { loadManifest, readTimes } from '../../store/evidence-reader.js';
import { VIDEO_EXTENSIONS } from '../../imaging/sources/video.js';
import { sha256File } from '../../store/sha256.js';
import { findReport } from './find-start.js';

export interface ZeroControlRequest {
  source: string;
  audioPath?: string;
  /** The sport whose rules judge it; a race folder's own sport where not given, else one frame interval. */
  sport?: string;
  by: string;
  at: string;
  software: { name: string; version: string };
}

interface Footage {
  frames: TimedBrightness[];
  /** The file whose hash identifies the footage (the video, or the race's evidence manifest). */
  hashed: string;
  /** Its own sound track, where it has one. */
  audio: string | null;
  /** The picture's size, which tells one camera (and mode) from another. */
  camera: { width: number; height: number };
  /** A race folder's sport. */
  sport?: string;
}

async function footageOf(source: string, signal?: AbortSignal): Promise<Footage> {
  const st = await stat(source).catch(() => null);
  if (!st) throw new UserError(`${source}: not found`, 'NOT_FOUND');
  if (st.isDirectory()) {
    const manifestFile = path.join(source, RACE_LAYOUT.manifest);
    if (!(await stat(manifestFile).catch(() => null))) {
      throw new UserError(`${source}: a folder of frames has no times of its own; the test reads a race built from it`, 'INVALID_ARGUMENT', { hint: 'build-race' });
    }
    const [manifest, times] = await Promise.all([loadManifest(source), readTimes(source)]);
    const doc = await readRaceDocument(path.join(source, RACE_LAYOUT.document)).catch(() => null);
    return {
      frames: await raceBrightness(manifest, times, signal),
      hashed: manifestFile,
      audio: manifest.source.kind === 'video' ? manifest.source.path : null,
      camera: { width: manifest.source.width, height: manifest.source.height },
      ...(doc ? { sport: doc.settings.sport.sport } : {}),
    };
  }
  if (!VIDEO_EXTENSIONS.has(path.extname(source).toLowerCase())) {
    throw new UserError(`${source}: not a video (a zero-control recording is a video with sound, or a race folder with an audio file)`, 'INVALID_ARGUMENT');
  }
  const video = await openVideo(source);
  await video.close();
  return { frames: await videoBrightness(source, signal), hashed: source, audio: source, camera: { width: video.width, height: video.height } };
}

export async function runZeroControlTest(req: ZeroControlRequest, signal?: AbortSignal): Promise<ZeroControlReport> {
  const source = path.resolve(req.source);
  const footage = await footageOf(source, signal);
  const audioFile = req.audioPath ? path.resolve(req.audioPath) : footage.audio;
  if (!audioFile) throw new UserError(`${source}: the footage has no sound`, 'INVALID_ARGUMENT', { hint: 'name-audio-file' });
  const flash = detectFlash(footage.frames);
  if (!flash) throw new UserError(`${source}: no flash found (no frame brightens abruptly over the one before)`, 'NOT_FOUND');
  const { finding, time } = await findReport(audioFile, signal);
  const rules: ZeroControlRules = zeroControlRules(req.sport ?? footage.sport ?? '');
  const verdict = judgeZeroControl(flash.zero, time, flash.interval, rules);
  const lit = footage.frames[flash.index] as TimedBrightness;
  const hashed = await sha256File(footage.hashed);
  return {
    schema: ZERO_CONTROL_SCHEMA,
    schemaVersion: 1,
    source: { path: footage.hashed, bytes: hashed.bytes, sha256: hashed.sha256 },
    audio: req.audioPath ? { path: audioFile, bytes: (await stat(audioFile)).size, sha256: finding.sha256 } : null,
    flash: {
      time_s: ticksToSeconds(flash.zero),
      time_ns: flash.zero.toString(),
      frame: lit.frame,
      uncertainty_s: ticksToSeconds(flash.uncertainty),
      frame_interval_s: ticksToSeconds(flash.interval),
      frame_interval_ns: flash.interval.toString(),
      brightness_before: Math.round(flash.before * 10) / 10,
      brightness_after: Math.round(flash.after * 10) / 10,
    },
    report: { time_s: ticksToSeconds(time), time_ns: time.toString(), sample: finding.sample, sample_rate: finding.sample_rate, rise_db: finding.rise_db },
    offset_s: ticksToSeconds(verdict.offset),
    offset_ns: verdict.offset.toString(),
    tolerance_s: ticksToSeconds(verdict.tolerance),
    passed: verdict.passed,
    verdict: verdict.passed ? 'passed' : 'failed',
    by: req.by,
    at: req.at,
    software: req.software,
    rules,
    failures: verdict.failures,
    camera: footage.camera,
  };
}
