/**
 * Finding a race's start signal in its footage (the I/O side; the maths is in domain/start): the gun's report in the
 * race video's own audio track or in an audio file on the same clock, corrected for the speed of sound when the
 * distance is known; or the gun's flash in the picture. Returns what would be recorded and what the official looks
 * at before confirming. Nothing here changes the race.
 */
import path from 'node:path';
import type { AudioFinding, FlashFinding, StartProposal } from '../../domain/start/start-proposal.js';
import { UserError } from '../../domain/errors.js';
import type { EvidenceManifest } from '../../domain/race/evidence.js';
import { detectFlash } from '../../domain/start/flash.js';
import { detectOnset } from '../../domain/start/onset.js';
import { soundDelay, soundDelayUncertainty, DEFAULT_TEMPERATURE_C } from '../../domain/start/sound-delay.js';
import { startInfo } from '../../domain/start/start-json.js';
import type { StartRecord } from '../../domain/start/start-record.js';
import { peakEnvelope } from '../../domain/start/waveform.js';
import { ticksToSeconds, type Ticks } from '../../domain/time/ticks.js';
import { readAudioTrack, type AudioTrack, type AudioWindow } from '../../imaging/audio/read-audio.js';
import { requireRegularFile } from '../../store/regular-file.js';
import { raceBrightness, type TimedBrightness } from './frame-brightness.js';
import { loadManifest, readTimes } from '../../store/evidence-reader.js';
import { sha256File } from '../../store/sha256.js';

/** What a start would record, less who confirmed it and when. */
export type FoundStart = Omit<StartRecord, 'by' | 'at'>;

export interface AudioStartOptions {
  /** An audio file on the footage's clock; the race video's own track when absent. */
  audioPath?: string;
  distanceM?: string;
  temperatureC?: string;
}

const WAVEFORM = { beforeS: 0.25, maxBeforeS: 2, afterS: 0.5, bins: 600 };
const FLASH_CONTEXT_FRAMES = 15;
/** Below one step of 16-bit audio (−90 dBFS): nothing was recorded. */
const SILENCE = 1 / 32768;
/**
 * The audio read for a race's start: from 5 minutes before its first frame (a finish camera's footage begins well
 * after the gun of an 800 m) to 2 s after its last. A sound file hours long is never read whole.
 */
const BEFORE_FOOTAGE_NS = 300_000_000_000n;
const AFTER_FOOTAGE_NS = 2_000_000_000n;

/**
 * The report in a track, as a finding (throws a one-line UserError when there is none). The waveform reaches back
 * far enough before the onset to show time zero too, where a sound delay puts it earlier.
 */
export async function findReport(file: string, signal?: AbortSignal, delay: Ticks = 0n, window?: AudioWindow): Promise<{ finding: AudioFinding; track: AudioTrack; time: Ticks }> {
  // Before hashing too: hashing /dev/zero or a FIFO would never end.
  await requireRegularFile(file);
  const [track, hash] = await Promise.all([readAudioTrack(file, signal, window), sha256File(file)]);
  const onset = detectOnset(track.samples, track.sampleRate);
  if (!onset) {
    const silent = track.samples.every((v) => Math.abs(v) < SILENCE);
    throw new UserError(`${file}: ${silent ? 'the audio track is silent throughout (digital silence): no start signal to find' : "no sharp sound (a gun's report) found in the audio track"}`, 'NOT_FOUND');
  }
  const time = track.timeOfSample(onset.sample);
  const beforeS = Math.min(WAVEFORM.maxBeforeS, Math.max(WAVEFORM.beforeS, ticksToSeconds(delay) + 0.1));
  const from = onset.sample - Math.round(beforeS * track.sampleRate);
  const to = onset.sample + Math.round(WAVEFORM.afterS * track.sampleRate);
  const finding: AudioFinding = {
    file,
    sha256: hash.sha256,
    codec: track.stream.codec,
    sample_rate: track.sampleRate,
    channels: track.stream.channels,
    stream_start: track.stream.startTime,
    onset_s: ticksToSeconds(time),
    onset_ns: time.toString(),
    sample: onset.sample,
    rise_db: round1(onset.riseDb),
    snr_db: round1(onset.snrDb),
    waveform: { from_s: ticksToSeconds(time) - beforeS, to_s: ticksToSeconds(time) + WAVEFORM.afterS, peaks: peakEnvelope(track.samples, from, to, WAVEFORM.bins) },
  };
  return { finding, track, time };
}

/** The sound track a race's start is read from: the file given, or the race's own video. */
function audioFileOf(manifest: EvidenceManifest, racePath: string, given?: string): string {
  if (given) return path.resolve(given);
  if (manifest.source.kind === 'video') return manifest.source.path;
  throw new UserError(`${racePath}: the race was built from ${manifest.source.kind === 'frames' ? 'a folder of frames' : `a ${manifest.source.kind} source`}, which has no sound`, 'INVALID_ARGUMENT', { hint: 'name-audio-file' });
}

export async function findAudioStart(racePath: string, opts: AudioStartOptions, signal?: AbortSignal): Promise<{ found: FoundStart; proposal: StartProposal }> {
  const [manifest, times] = await Promise.all([loadManifest(racePath), readTimes(racePath)]);
  const first = BigInt(times.timesNs[0] ?? '0');
  const last = BigInt(times.timesNs[times.timesNs.length - 1] ?? '0');
  const window: AudioWindow = { fromNs: first - BEFORE_FOOTAGE_NS > 0n ? first - BEFORE_FOOTAGE_NS : 0n, toNs: last + AFTER_FOOTAGE_NS };
  const file = audioFileOf(manifest, racePath, opts.audioPath);
  // Check the distance before the (slow) decode: a typo should not cost a second of waiting.
  const delay = opts.distanceM !== undefined ? soundDelay(opts.distanceM, opts.temperatureC ?? DEFAULT_TEMPERATURE_C) : null;
  if (!delay && opts.temperatureC !== undefined) soundDelay('0', opts.temperatureC);
  const { finding, track, time } = await findReport(file, signal, delay?.delay, window);
  if (!opts.audioPath) {
    const expected = manifest.source.files[0]?.sha256;
    if (expected && expected !== finding.sha256) throw new UserError(`${file}: the video changed since the race was built (SHA-256 differs from the evidence)`, 'CONFLICT');
  }
  // The leading edge is found to a few samples: two samples, and never less than the 0.1 ms the generated AAC and
  // PCM clips of the tests stay within (AAC's pre-echo moves the edge by up to 4 samples at 48 kHz).
  const twoSamples = (2n * 1_000_000_000n + BigInt(track.sampleRate) - 1n) / BigInt(track.sampleRate);
  const onset = twoSamples > 100_000n ? twoSamples : 100_000n;
  // A corrected delay is only as sure as the speed of sound: temperature and wind add to the onset's uncertainty.
  const air = delay ? soundDelayUncertainty(delay.distanceM, delay.temperatureC, opts.temperatureC !== undefined) : null;
  const uncertainty = onset + (air ? air.temperature + air.wind : 0n);
  const found: FoundStart = {
    method: 'audio',
    zeroNs: (time - (delay?.delay ?? 0n)).toString(),
    uncertaintyNs: uncertainty.toString(),
    ...(air
      ? {
          uncertaintyParts: {
            onsetNs: onset.toString(),
            temperatureNs: air.temperature.toString(),
            temperatureAllowanceC: air.temperatureAllowanceC,
            windNs: air.wind.toString(),
            windAllowanceMps: air.windAllowanceMps,
          },
        }
      : {}),
    detectedNs: time.toString(),
    source: { path: file, sha256: finding.sha256 },
    riseDb: finding.rise_db,
    ...(delay ? { soundDelayNs: delay.delay.toString(), distanceM: delay.distanceM, temperatureC: delay.temperatureC } : {}),
  };
  return { found, proposal: { method: 'audio', start: unconfirmed(found), audio: finding } };
}

export async function findFlashStart(racePath: string, signal?: AbortSignal): Promise<{ found: FoundStart; proposal: StartProposal }> {
  const [manifest, times] = await Promise.all([loadManifest(racePath), readTimes(racePath)]);
  const frames = await raceBrightness(manifest, times, signal);
  const flash = detectFlash(frames);
  if (!flash) throw new UserError(`${manifest.source.path}: no flash found (no frame brightens abruptly over the one before)`, 'NOT_FOUND');
  const before = frames[flash.index - 1] as TimedBrightness;
  const lit = frames[flash.index] as TimedBrightness;
  const columnOf = (b: TimedBrightness) => {
    const c = times.timesNs.indexOf(b.time.toString());
    return c >= 0 ? c : null;
  };
  const finding: FlashFinding = {
    frame: lit.frame,
    column_before: columnOf(before),
    column_flash: columnOf(lit),
    time_before_ns: before.time.toString(),
    time_flash_ns: lit.time.toString(),
    brightness_before: round1(flash.before),
    brightness_after: round1(flash.after),
    around: frames.slice(Math.max(0, flash.index - FLASH_CONTEXT_FRAMES), flash.index + FLASH_CONTEXT_FRAMES).map((b) => ({ time_s: ticksToSeconds(b.time), mean: round1(b.mean) })),
  };
  const found: FoundStart = {
    method: 'flash',
    zeroNs: flash.zero.toString(),
    uncertaintyNs: flash.uncertainty.toString(),
    detectedNs: lit.time.toString(),
    flashFrame: lit.frame,
    source: { path: manifest.source.path, sha256: manifest.source.files[lit.frame]?.sha256 ?? manifest.source.files[0]?.sha256 ?? '' },
  };
  return { found, proposal: { method: 'flash', start: unconfirmed(found), flash: finding } };
}

/** The start as it would be recorded, before anyone confirmed it. */
function unconfirmed(found: FoundStart): StartProposal['start'] {
  return { ...startInfo({ ...found, by: '', at: '' }), by: null, at: null };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
