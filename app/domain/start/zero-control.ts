/**
 * The zero-control test (World Athletics fully automatic timing): the start device is fired at the finish line in
 * view of the camera, and the picture must show the signal at time zero. Photofinish finds the flash in the picture
 * and the report in the audio; both are at the line, so no sound delay applies. What passes depends on the sport:
 *   athletics  the test recorded at 1000 frames (or lines) per second or more, and the report within 1 ms of the
 *              flash (World Athletics: fully automatic timing at top level reads to 1/1000 s with at least 1000
 *              images per second, and the zero control must read 0.000);
 *   others     the report within one frame interval of the flash.
 * The report file written by `zero-control --out` is this schema: it names the recording it tested with its SHA-256,
 * so attaching it re-derives the offset from that recording; a race keeps the recording's and the report's hashes.
 */
import { z } from 'zod';
import { nsString } from '../race/evidence.js';
import type { Ticks } from '../time/ticks.js';

export const ZERO_CONTROL_SCHEMA = 'photofinish.zero-control';

const hashedFile = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const zeroControlReport = z.object({
  schema: z.literal(ZERO_CONTROL_SCHEMA),
  schemaVersion: z.literal(1),
  source: hashedFile,
  /** A separate audio file, where the report was not taken from SOURCE's own track. */
  audio: hashedFile.nullable(),
  flash: z.object({
    time_s: z.number(),
    time_ns: nsString,
    frame: z.number().int().nonnegative(),
    uncertainty_s: z.number(),
    frame_interval_s: z.number(),
    frame_interval_ns: nsString,
    brightness_before: z.number(),
    brightness_after: z.number(),
  }),
  report: z.object({
    time_s: z.number(),
    time_ns: nsString,
    sample: z.number().int().nonnegative(),
    sample_rate: z.number().int().positive(),
    rise_db: z.number(),
  }),
  offset_s: z.number(),
  offset_ns: nsString,
  tolerance_s: z.number(),
  passed: z.boolean(),
  verdict: z.enum(['passed', 'failed']),
  by: z.string(),
  at: z.string(),
  software: z.object({ name: z.string(), version: z.string() }),
  /** The rules it was judged by: `athletics`, or `one-frame` (every other sport); reports before it: one frame. */
  rules: z.enum(['athletics', 'one-frame']).optional(),
  /** Why it failed, in words ("recorded at 100 frames per second, below the 1000 athletics requires"). */
  failures: z.array(z.string()).optional(),
  /** The recording's picture: what tells one camera (and mode) from another. */
  camera: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
});
export type ZeroControlReport = z.infer<typeof zeroControlReport>;

export type ZeroControlRules = 'athletics' | 'one-frame';

/** The rules a sport's zero control is judged by. */
export function zeroControlRules(sport: string): ZeroControlRules {
  return sport === 'athletics' ? 'athletics' : 'one-frame';
}

/** Athletics: at least this many images per second (999.5 and up reads as 1000, as the rate check does). */
export const ATHLETICS_MIN_RATE = 1000;
/** Athletics: the report within this of the flash. */
export const ATHLETICS_TOLERANCE: Ticks = 1_000_000n;

export interface ZeroControlVerdict {
  /** Report − flash. */
  offset: Ticks;
  tolerance: Ticks;
  passed: boolean;
  /** Each reason it failed, in words; empty when passed. */
  failures: string[];
}

const rateWords = (interval: Ticks) => {
  const rate = 1e9 / Number(interval);
  return rate >= 100 ? rate.toFixed(0) : rate.toFixed(1);
};

/**
 * The verdict by the sport's rules: one frame interval either side (every sport but athletics); athletics asks the
 * test to be recorded at 1000 images per second or more and the report to lie within 1 ms of the flash.
 */
export function judgeZeroControl(flashZero: Ticks, reportTime: Ticks, frameInterval: Ticks, rules: ZeroControlRules = 'one-frame'): ZeroControlVerdict {
  const offset = reportTime - flashZero;
  const size = offset < 0n ? -offset : offset;
  const failures: string[] = [];
  if (rules === 'athletics') {
    // 999.5 images/s and up count as 1000 (a rate read from timestamps carries their rounding).
    if (frameInterval * 1_999n > 2_000_000_000n) failures.push(`recorded at ${rateWords(frameInterval)} frames per second, below the ${ATHLETICS_MIN_RATE} athletics requires`);
    if (size > ATHLETICS_TOLERANCE) failures.push(`offset ${msText(offset)} is more than the 1 ms athletics allows`);
    return { offset, tolerance: ATHLETICS_TOLERANCE, passed: failures.length === 0, failures };
  }
  if (size > frameInterval) failures.push(`offset ${msText(offset)} is more than one frame interval (${msText(frameInterval).slice(1)})`);
  return { offset, tolerance: frameInterval, passed: failures.length === 0, failures };
}

const msText = (t: Ticks) => `${t < 0n ? '-' : '+'}${(Number(t < 0n ? -t : t) / 1e6).toFixed(3)} ms`;

/**
 * Why a report does not hold together, or null. A race prints the verdict it attaches under the officials'
 * signatures, so the verdict is judged again from the report's own times (an edited "passed" over a 30 ms offset
 * would otherwise print "passed, offset +30.0 ms"). Not a proof against forgery (the SHA-256 printed with it is
 * what ties the sheet to the file kept with the session), but never a sheet that contradicts itself.
 */
export function zeroControlContradiction(r: ZeroControlReport): string | null {
  const flash = BigInt(r.flash.time_ns);
  const report = BigInt(r.report.time_ns);
  const offset = BigInt(r.offset_ns);
  if (offset !== report - flash) return `its offset ${msText(offset)} is not its report time less its flash time (${msText(report - flash)})`;
  const judged = judgeZeroControl(flash, report, BigInt(r.flash.frame_interval_ns), r.rules ?? 'one-frame');
  if (r.passed !== judged.passed || r.verdict !== (r.passed ? 'passed' : 'failed')) {
    const says = r.passed === (r.verdict === 'passed') ? r.verdict : `${r.verdict} and passed: ${String(r.passed)}`;
    const why = judged.failures.length ? judged.failures.join('; ') : `its report lies ${msText(judged.offset)} from the flash, within the tolerance of ${msText(judged.tolerance).slice(1)}`;
    return r.rules === undefined || r.rules === 'one-frame'
      ? `it says ${says}, but its report lies ${msText(judged.offset)} from the flash, ${judged.passed ? 'within' : 'more than'} the tolerance of ${msText(judged.tolerance).slice(1)}`
      : `it says ${says}, but by the ${r.rules} rules: ${why}`;
  }
  return null;
}
