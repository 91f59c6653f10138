/**
 * The start in words, one line, the same on the result sheet, in the CLI and in the workspace: how time zero was
 * set, the correction, the uncertainty and who confirmed it; and the zero-control verdict. Times to the microsecond.
 */
import { formatUnits } from '../sports/clock-format.js';
import { divRoundHalfAway } from '../time/ticks.js';
import type { StartInfo, ZeroControlInfo } from './start-json.js';

/** Seconds to the microsecond ("12.345678 s"). */
function us(ns: string | bigint): string {
  return `${formatUnits(divRoundHalfAway(BigInt(ns), 1000n), 6, false)} s`;
}

/** Milliseconds from seconds, one decimal more where it is needed ("0.04 ms", "5.0 ms"). */
function ms(seconds: number, signed = false): string {
  const v = seconds * 1000;
  const text = Math.abs(v) > 0 && Math.abs(v) < 0.1 ? v.toFixed(3) : v.toFixed(1);
  return `${signed && v >= 0 ? '+' : ''}${text} ms`;
}

export const NO_START_LINE = 'Not set: times are on the footage clock (the camera’s own), not from the start signal.';

export function startLine(start: StartInfo | undefined): string {
  if (!start || start.method === null || start.time_ns === null) return NO_START_LINE;
  const zero = us(start.time_ns);
  const who = start.by ? `; confirmed by ${start.by}` : '';
  const pm = start.uncertainty_s ? `, ±${ms(start.uncertainty_s)}` : '';
  if (start.method === 'typed') return `Typed: ${zero} on the footage clock${who}.`;
  if (start.method === 'flash') return `Gun’s flash, first seen in the frame at ${us(BigInt(Math.round((start.detected_s ?? 0) * 1e9)))}: ${zero} on the footage clock${pm}${who}.`;
  const heard = start.detected_s === null ? '' : ` heard at ${us(BigInt(Math.round(start.detected_s * 1e9)))}`;
  if (start.sound_delay_s === null) return `Gun’s report in the audio${heard}: ${zero} on the footage clock${pm}, sound delay not corrected${who}.`;
  const speed = 331.3 * Math.sqrt(1 + (start.temperature_c ?? 20) / 273.15);
  const p = start.uncertainty_parts;
  // The total, then what it is made of: the onset and the speed of sound (temperature and wind allowances).
  const parts = p
    ? ` (onset ±${ms(p.onset_s)}, speed of sound ±${ms(p.temperature_s)} for ±${p.temperature_allowance_c} °C and ±${ms(p.wind_s)} for a wind of ±${p.wind_allowance_mps} m/s)`
    : '';
  const total = p ? `, ±${ms(start.uncertainty_s ?? 0)} in total${parts}` : pm;
  return `Gun’s report in the audio${heard}, less ${us(BigInt(Math.round(start.sound_delay_s * 1e9)))} sound delay (${start.distance_m} m at ${start.temperature_c} °C, ${speed.toFixed(1)} m/s): ${zero} on the footage clock${total}${who}.`;
}

export function zeroControlLine(zc: ZeroControlInfo | null | undefined): string | null {
  if (!zc) return null;
  const rules = zc.rules === 'athletics' ? 'athletics: ≥ 1000 frames/s, ' : '';
  const why = !zc.passed && zc.failures?.length ? ` (${zc.failures.join('; ')})` : '';
  const recording = zc.recording_sha256 ? `, recording SHA-256 ${zc.recording_sha256.slice(0, 16)}…` : '';
  return `Zero control: ${zc.passed ? 'passed' : 'FAILED'}, offset ${ms(zc.offset_s, true)}${why} (${rules}tolerance ±${ms(zc.tolerance_s)}; report SHA-256 ${zc.report_sha256.slice(0, 16)}…${recording}, tested by ${zc.tested_by}).`;
}
