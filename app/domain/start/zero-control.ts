/**
 * The zero-control test (World Athletics fully automatic timing): the start device is fired at the finish line in
 * view of the camera, and the picture must show the signal at time zero. Photofinish finds the flash in the picture
 * and the report in the audio; both are at the line, so no sound delay applies. The test passes when the report
 * lies within one frame interval of the flash. The report file written by `zero-control --out` is this schema; a
 * race keeps its SHA-256 and verdict.
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
});
export type ZeroControlReport = z.infer<typeof zeroControlReport>;

export interface ZeroControlVerdict {
  /** Report − flash. */
  offset: Ticks;
  tolerance: Ticks;
  passed: boolean;
}

/** Passed when the report lies within one frame interval (the tolerance) of the flash, either side. */
export function judgeZeroControl(flashZero: Ticks, reportTime: Ticks, frameInterval: Ticks): ZeroControlVerdict {
  const offset = reportTime - flashZero;
  const size = offset < 0n ? -offset : offset;
  return { offset, tolerance: frameInterval, passed: size <= frameInterval };
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
  const judged = judgeZeroControl(flash, report, BigInt(r.flash.frame_interval_ns));
  if (r.passed !== judged.passed || r.verdict !== (r.passed ? 'passed' : 'failed')) {
    const says = r.passed === (r.verdict === 'passed') ? r.verdict : `${r.verdict} and passed: ${String(r.passed)}`;
    return `it says ${says}, but its report lies ${msText(judged.offset)} from the flash, ${judged.passed ? 'within' : 'more than'} the tolerance of ${msText(judged.tolerance).slice(1)}`;
  }
  return null;
}
