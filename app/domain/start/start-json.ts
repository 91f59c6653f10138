/**
 * The race's time zero as `info --json`, `results --json` and the JSON export carry it:
 * `start: { method, time_s, uncertainty_s, sound_delay_s, distance_m, temperature_c, by }` (`time_s` on the footage
 * clock; every field null while no start is set), plus the exact `time_ns`, the detected signal and when it was set;
 * and `zero_control`, the attached zero-control test or null.
 */
import { ticksToSeconds } from '../time/ticks.js';
import type { StartMethod, StartRecord, ZeroControlRecord } from './start-record.js';

export interface StartInfo {
  method: StartMethod | null;
  /** Time zero on the footage clock, seconds (unrounded). */
  time_s: number | null;
  /** The same, exact integer nanoseconds. */
  time_ns: string | null;
  uncertainty_s: number | null;
  sound_delay_s: number | null;
  distance_m: number | null;
  temperature_c: number | null;
  by: string | null;
  at: string | null;
  /** audio: the onset as heard at the microphone; flash: the first frame showing it (footage clock). */
  detected_s: number | null;
  /** The file the signal was found in (the race's video or an audio file). */
  source: string | null;
  /** audio: how far the report rose above the sound just before it, dB. */
  rise_db: number | null;
  /** audio with a distance: the parts of `uncertainty_s` (onset, speed of sound by temperature and by wind). */
  uncertainty_parts?: { onset_s: number; temperature_s: number; temperature_allowance_c: number; wind_s: number; wind_allowance_mps: number };
}

export interface ZeroControlInfo {
  passed: boolean;
  offset_s: number;
  tolerance_s: number;
  report_file: string;
  report_sha256: string;
  tested_by: string;
  tested_at: string;
  by: string;
  at: string;
  /** The recording the offset was re-derived from, and its SHA-256 (reports attached since they are re-derived). */
  recording?: string;
  recording_sha256?: string;
  /** `athletics` (≥ 1000 images/s and within 1 ms) or `one-frame`. */
  rules?: string;
  failures?: string[];
}

/** `seconds`: ticks → `_s` number (result rules 3 give the exact decimal; earlier rules' hashes keep the float sum). */
export function startInfo(start: StartRecord | undefined, seconds: (t: bigint) => number = ticksToSeconds): StartInfo {
  const sec = (ns: string | undefined) => (ns === undefined ? null : seconds(BigInt(ns)));
  if (!start) {
    return { method: null, time_s: null, time_ns: null, uncertainty_s: null, sound_delay_s: null, distance_m: null, temperature_c: null, by: null, at: null, detected_s: null, source: null, rise_db: null };
  }
  return {
    method: start.method,
    time_s: sec(start.zeroNs),
    time_ns: start.zeroNs,
    uncertainty_s: sec(start.uncertaintyNs),
    sound_delay_s: sec(start.soundDelayNs),
    distance_m: start.distanceM === undefined ? null : Number(start.distanceM),
    temperature_c: start.temperatureC === undefined ? null : Number(start.temperatureC),
    by: start.by,
    at: start.at,
    detected_s: sec(start.detectedNs),
    source: start.source?.path ?? null,
    rise_db: start.riseDb ?? null,
    ...(start.uncertaintyParts
      ? {
          uncertainty_parts: {
            onset_s: ticksToSeconds(BigInt(start.uncertaintyParts.onsetNs)),
            temperature_s: ticksToSeconds(BigInt(start.uncertaintyParts.temperatureNs)),
            temperature_allowance_c: start.uncertaintyParts.temperatureAllowanceC,
            wind_s: ticksToSeconds(BigInt(start.uncertaintyParts.windNs)),
            wind_allowance_mps: start.uncertaintyParts.windAllowanceMps,
          },
        }
      : {}),
  };
}

export function zeroControlInfo(zc: ZeroControlRecord | undefined, seconds: (t: bigint) => number = ticksToSeconds): ZeroControlInfo | null {
  if (!zc) return null;
  return {
    passed: zc.passed,
    offset_s: seconds(BigInt(zc.offsetNs)),
    // Athletics: within 1 ms whatever the frame interval; every other sport: one frame interval.
    tolerance_s: zc.rules === 'athletics' ? 0.001 : seconds(BigInt(zc.frameIntervalNs)),
    report_file: zc.reportFile,
    report_sha256: zc.reportSha256,
    tested_by: zc.testedBy,
    tested_at: zc.testedAt,
    by: zc.by,
    at: zc.at,
    // Only where recorded: a race attached before keeps the shape (and results hash) it was certified with.
    ...(zc.recording ? { recording: zc.recording.path, recording_sha256: zc.recording.sha256 } : {}),
    ...(zc.rules ? { rules: zc.rules } : {}),
    ...(zc.failures?.length ? { failures: zc.failures } : {}),
  };
}
