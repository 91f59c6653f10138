/**
 * What the race document records about its time zero (the start signal) and its zero-control test. Time zero is
 * kept on the footage's own clock (the clock of the evidence's column times); every time the race shows or prints
 * is footage time − time zero. A start is set, changed or cleared by an audited change; a certified race refuses it.
 */
import { z } from 'zod';
import { nsString } from '../race/evidence.js';
import type { MarkPosition } from '../race/document.js';

export const startMethod = z.enum(['typed', 'audio', 'flash']);
export type StartMethod = z.infer<typeof startMethod>;

export const startRecord = z.object({
  /** typed: keyed in (e.g. from a start system's log); audio: the gun's report; flash: the gun's flash. */
  method: startMethod,
  /** Time zero on the footage clock. */
  zeroNs: nsString,
  /** ± around time zero (half a frame interval for a flash; the onset's resolution for audio; 0 as typed). */
  uncertaintyNs: nsString,
  /** audio: the report's onset as the microphone heard it; flash: the first frame showing the flash (footage clock). */
  detectedNs: nsString.optional(),
  /** audio with a distance: distance / speed of sound, subtracted from the onset. */
  soundDelayNs: nsString.optional(),
  /**
   * audio with a distance: what the uncertainty adds up from (each ±, ns): the onset's, and the speed of sound's over
   * the temperature allowance (±5 °C when the temperature was not given) and the stated wind allowance.
   */
  uncertaintyParts: z
    .object({ onsetNs: nsString, temperatureNs: nsString, temperatureAllowanceC: z.number(), windNs: nsString, windAllowanceMps: z.number() })
    .optional(),
  /** Metres from the start to the microphone and °C, as typed. */
  distanceM: z.string().optional(),
  temperatureC: z.string().optional(),
  /** The file the signal was found in (the race's video, or a separate audio file) and its SHA-256. */
  source: z.object({ path: z.string(), sha256: z.string() }).optional(),
  /** audio: how far the report rose above the sound just before it, dB. */
  riseDb: z.number().optional(),
  /** flash: the source frame that first shows it. */
  flashFrame: z.number().int().nonnegative().optional(),
  by: z.string(),
  at: z.string(),
});
export type StartRecord = z.infer<typeof startRecord>;

/**
 * A zero-control report attached to the race: its verdict, offset and the SHA-256 of the report file. Attached since
 * reports became evidence: the recording it tested with its SHA-256 (the offset and verdict are re-derived from it,
 * by the race's sport's rules), why it failed, and the recording's picture size.
 */
export const zeroControlRecord = z.object({
  passed: z.boolean(),
  /** Report − flash. */
  offsetNs: nsString,
  /** The frame interval at the flash: the test's tolerance. */
  frameIntervalNs: nsString,
  reportFile: z.string(),
  reportSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Who ran the test and when (from the report). */
  testedBy: z.string(),
  testedAt: z.string(),
  /** Who attached it to this race and when. */
  by: z.string(),
  at: z.string(),
  /** The recording tested (a video, or a race folder's evidence manifest) and its SHA-256, as re-derived on attaching. */
  recording: z
    .object({
      path: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** A separate sound file the report was found in. */
      audio: z.object({ path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).optional(),
    })
    .optional(),
  /** The rules the verdict follows: athletics (≥ 1000 images/s, within 1 ms) or one frame interval. */
  rules: z.enum(['athletics', 'one-frame']).optional(),
  /** Why it failed, in words. */
  failures: z.array(z.string()).optional(),
  camera: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
});
export type ZeroControlRecord = z.infer<typeof zeroControlRecord>;

/** The document's time zero as ticks: 0 while no start is set (times then stay on the footage clock). */
export function zeroOf(doc: { start?: StartRecord | undefined }): bigint {
  return doc.start ? BigInt(doc.start.zeroNs) : 0n;
}

/**
 * A time read off the picture (`mark --time S`) is a race time; the mark keeps it on the footage clock, as a
 * position on the picture, so a later change of the start re-times it like every other hairline. Typed times and
 * accepted suggestions (already on the footage clock) pass through unchanged.
 */
export function raceTimeToPosition(position: MarkPosition, origin: string, doc: { start?: StartRecord | undefined }): MarkPosition {
  if (position.kind !== 'time' || origin !== 'image') return position;
  return { kind: 'time', ns: (BigInt(position.ns) + zeroOf(doc)).toString() };
}

/** Where a mark stands on the picture, as a position on the footage clock (a typed race time moved by time zero). */
export function footagePosition(mark: { position: MarkPosition; origin: string }, zero: bigint): MarkPosition {
  if (mark.position.kind !== 'time' || mark.origin !== 'typed') return mark.position;
  return { kind: 'time', ns: (BigInt(mark.position.ns) + zero).toString() };
}
