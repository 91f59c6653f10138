/**
 * The race document (`race.json`): everything about a race that officials change — metadata, sport profile,
 * competitors, marks, dead heats, certification — plus pointers to its immutable evidence. It is a snapshot:
 * the hash-chained audit log (`audit.jsonl`) holds every change that produced it, and `verify` replays the log
 * to prove the snapshot was not edited outside the app. Written atomically on every change.
 */
import { z } from 'zod';
import { raceEvent } from '../event/race-event.js';
import { going, raceType, surface } from '../sports/horse-scale.js';
import { withdrawnDeadHeat } from './dead-heat-withdrawal.js';
import { SPORT_NAMES, type SportName } from '../sports/sport-list.js';
import { nsString } from './evidence.js';
import { competitorStatus } from './status.js';
import { distanceOverride } from './distance-override.js';
import { startRecord, zeroControlRecord } from '../start/start-record.js';

export const RACE_SCHEMA = 'photofinish.race';
export const RACE_SCHEMA_VERSION = 1;

export const sportName = z.enum(SPORT_NAMES);
export type { SportName };

/** Horse-racing distance table: name and its value in lengths (sources differ, so officials can edit it). */
export const distanceName = z.object({ name: z.string().min(1), lengths: z.number().nonnegative() });

export const sportSettings = z.object({
  sport: sportName,
  /** Horse racing: Flat or Jumps, the going and the surface choose the lengths-per-second scale (sports/horse-scale.ts). */
  raceType: raceType.optional(),
  going: going.optional(),
  surface: surface.optional(),
  /**
   * Lengths per second for horse racing, where the official sets it (overrides the scale; default 5 where no race type
   * is given); greyhound is fixed at 12.5 (0.08 s/length).
   */
  lengthsPerSecond: z.string().optional(),
  distanceTable: z.array(distanceName).optional(),
});
export type SportSettings = z.infer<typeof sportSettings>;

export const competitor = z.object({
  id: z.string().min(1).max(32),
  name: z.string().max(200).default(''),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  team: z.string().max(200).optional(),
  lane: z.string().max(16).optional(),
  /** The optional start-list columns each sport's sheet prints (start-list/csv-columns.ts). */
  bib: z.string().max(16).optional(),
  club: z.string().max(200).optional(),
  nation: z.string().max(200).optional(),
  jockey: z.string().max(200).optional(),
  trainer: z.string().max(200).optional(),
  draw: z.string().max(16).optional(),
  trap: z.string().max(16).optional(),
  /** Display colour of the competitor's hairline, `#rrggbb`. */
  colour: z.string().regex(/^#[0-9a-f]{6}$/i).optional(),
});
export type Competitor = z.infer<typeof competitor>;

/** `hand`: a hand-timed (stopwatch) time, athletics' backup, published to 1/10 s rounded up with an "h". */
export const markOrigin = z.enum(['image', 'typed', 'suggestion', 'hand']);
export type MarkOrigin = z.infer<typeof markOrigin>;

/**
 * Where a hairline stands. Image marks are kept in thousandths of a composite column (integer), so nudging by
 * 0.1 column never accumulates float error; typed marks keep the keyed time itself.
 */
export const markPosition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('column'), milliColumn: z.number().int() }),
  z.object({ kind: z.literal('time'), ns: nsString }),
]);
export type MarkPosition = z.infer<typeof markPosition>;

/**
 * What an official must know about a detector's suggestion beyond its time: `on-line-at-start`, the object was
 * already on the line in the first column (it crossed at or before that time, which the recording does not show);
 * `on-line-at-end`, it is still on the line in the last column; `no-sub-frame`, the reading could not be refined
 * between frames, so its time is only good to the frame (or column) interval its uncertainty states;
 * `low-confidence`, what crossed may be no competitor at all (a shadow, a reflection, a change of light or of the
 * background) or was read poorly: look before accepting it.
 */
export const edgeFlag = z.enum(['on-line-at-start', 'on-line-at-end', 'no-sub-frame', 'low-confidence']);
export type EdgeFlag = z.infer<typeof edgeFlag>;

export const mark = z.object({
  competitorId: z.string(),
  position: markPosition,
  origin: markOrigin,
  /**
   * For accepted suggestions: which detected edge, its stated uncertainty, whether that uncertainty is a calibrated
   * one (marks accepted before detectors said so have none), and the detector's flags (e.g. on the line at start).
   */
  suggestion: z
    .object({
      index: z.number().int().nonnegative(),
      uncertaintyNs: nsString,
      confidence: z.number(),
      calibrated: z.boolean().optional(),
      flags: z.array(edgeFlag).optional(),
    })
    .optional(),
  by: z.string(),
  at: z.string(),
});
export type Mark = z.infer<typeof mark>;

export const deadHeat = z.object({ competitors: z.array(z.string()).min(2), by: z.string(), at: z.string() });
export type DeadHeat = z.infer<typeof deadHeat>;

/**
 * The installation's Ed25519 signature over the certification (its canonical JSON without this field): a rewritten
 * and resealed audit chain cannot carry it over, and the key says which installation certified.
 */
export const certificationSignature = z.object({
  algorithm: z.literal('Ed25519'),
  /** First 16 hex digits of the SHA-256 of the raw public key: what people compare. */
  keyId: z.string(),
  /** The raw 32-byte public key, base64. */
  publicKey: z.string(),
  /** The 64-byte signature, base64. */
  value: z.string(),
});
export type CertificationSignature = z.infer<typeof certificationSignature>;

export const certification = z.object({
  revision: z.number().int().positive(),
  official: z.string(),
  role: z.string(),
  at: z.string(),
  /** Hashes frozen at certification: the evidence manifest, the results, and the audit head. */
  manifestSha256: z.string(),
  resultsSha256: z.string(),
  /** The result rules version the results were computed with (results-rules.ts); absent in those made under 1. */
  resultsRules: z.number().int().positive().optional(),
  auditHead: z.string(),
  signature: certificationSignature.optional(),
});
export type Certification = z.infer<typeof certification>;

export const amendment = z.object({ revision: z.number().int().positive(), by: z.string(), reason: z.string(), at: z.string() });
export type Amendment = z.infer<typeof amendment>;

export const raceMeta = z.object({
  name: z.string(),
  event: z.string().optional(),
  round: z.string().optional(),
  heat: z.string().optional(),
  venue: z.string().optional(),
  date: z.string().optional(),
  startTime: z.string().optional(),
  camera: z.string().optional(),
});
export type RaceMeta = z.infer<typeof raceMeta>;

export const raceDocument = z.object({
  schema: z.literal(RACE_SCHEMA),
  schemaVersion: z.number().int().positive(),
  id: z.string(),
  createdAt: z.string(),
  meta: raceMeta,
  evidence: z.object({ manifestPath: z.string(), manifestSha256: z.string() }),
  settings: z.object({ sport: sportSettings, direction: z.enum(['ltr', 'rtl']).default('ltr') }),
  competitors: z.array(competitor),
  marks: z.array(mark),
  deadHeats: z.array(deadHeat),
  /** Which event the race is (absent until set). */
  event: raceEvent.optional(),
  /** DNS, DNF and DQ of start-list competitors (absent until the first). */
  statuses: z.array(competitorStatus).optional(),
  /** Horse racing: distances the judge set in place of the computed ones, with the reason (absent until the first). */
  distanceOverrides: z.array(distanceOverride).optional(),
  /** Dead heats that no longer stand, and why (absent until the first). */
  withdrawnDeadHeats: z.array(withdrawnDeadHeat).optional(),
  /** Time zero (the start signal) on the footage clock; absent while times stay on the footage clock. */
  start: startRecord.optional(),
  /** The zero-control test attached to the race. */
  zeroControl: zeroControlRecord.optional(),
  /** Current revision: 1 until the first amendment. */
  revision: z.number().int().positive(),
  /** Present while the race is certified (frozen); removed by an amendment, kept in `certifications`. */
  certified: certification.optional(),
  certifications: z.array(certification),
  amendments: z.array(amendment),
  audit: z.object({ head: z.string(), count: z.number().int().nonnegative() }),
});
export type RaceDocument = z.infer<typeof raceDocument>;
