/**
 * The evidence of a race: what the footage was, where the finish line ran, and the exact time of every composite
 * column. Written once by `photofinish build` into `evidence/manifest.json` and never changed afterwards; its
 * SHA-256 and the hashes inside it are what `verify` checks and what the result sheet prints.
 */
import { z } from 'zod';

export const nsString = z.string().regex(/^-?\d+$/, 'integer nanoseconds');

export const sourceKind = z.enum(['frames', 'video', 'gif', 'linescan']);
export type SourceKind = z.infer<typeof sourceKind>;

export const evidenceFile = z.object({
  /** Absolute path at build time (footage stays where the official keeps it; it is never copied or modified). */
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type EvidenceFile = z.infer<typeof evidenceFile>;

/** The finish line: one exact pixel column, or any segment sampled at unit steps with bilinear interpolation. */
export const finishLine = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('column'), x: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('segment'), x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() }),
]);
export type FinishLine = z.infer<typeof finishLine>;

export const timingSource = z.discriminatedUnion('kind', [
  /**
   * Constant rate given by the official: time(i) = start + i / fps, computed exactly from the rational fps. Where the
   * footage has times of its own (a video's presentation timestamps, a GIF's delays), `ownIntervalNs` keeps their
   * median interval, so a given rate that disagrees with them is said (slow motion stored at a playback rate is a
   * real reason to give one, so it is not refused).
   */
  z.object({ kind: z.literal('fps'), fps: z.string(), startNs: nsString, ownIntervalNs: nsString.optional() }),
  z.object({ kind: z.literal('timestamps'), file: evidenceFile }),
  z.object({ kind: z.literal('video') }),
  z.object({ kind: z.literal('line-rate'), rate: z.string(), startNs: nsString }),
  z.object({ kind: z.literal('gif-delays') }),
]);
export type TimingSource = z.infer<typeof timingSource>;

/** `afterColumn` of a gap before the first column: frames at the start of the footage that gave no column. */
export const BEFORE_FIRST_COLUMN = -1;

export const dropGap = z.object({
  /**
   * The gap lies between column `afterColumn` and `afterColumn + 1`; `BEFORE_FIRST_COLUMN` (-1) where it lies before
   * column 0 (its `toNs` is column 0's time). A gap after the last column has `afterColumn` = columns − 1. Manifests
   * written before -1 existed recorded a leading gap as 0 (with `toNs` = column 0's time); `gapAfterColumn`
   * (gap-place.ts) reads both.
   */
  afterColumn: z.number().int().min(BEFORE_FIRST_COLUMN),
  fromNs: nsString,
  toNs: nsString,
  reason: z.enum(['interval', 'bad-frame']),
  /** For bad frames skipped with --skip-bad: the files that were left out. */
  files: z.array(z.string()).optional(),
});
export type DropGap = z.infer<typeof dropGap>;

export const measuredRate = z.object({
  medianIntervalNs: nsString,
  minIntervalNs: nsString,
  maxIntervalNs: nsString,
  /** Median absolute deviation of the intervals, as a spread measure an official can read. */
  spreadNs: nsString,
  /** 1e9 / median interval, for display only. */
  rate: z.number(),
});
export type MeasuredRate = z.infer<typeof measuredRate>;

export const tileLevel = z.object({
  level: z.number().int().nonnegative(),
  /** Composite columns (and rows) per tile pixel at this level: 1, 2, 4, ... */
  downsample: z.number().int().positive(),
  columns: z.number().int().positive(),
  rows: z.number().int().positive(),
  tiles: z.number().int().positive(),
  /** SHA-256 of each tile file (`tiles/<level>/<index>.png`), by index: the tiles are what the judge looks at. */
  sha256: z.array(z.string().regex(/^[0-9a-f]{64}$/)).optional(),
});

/** An F-key mark made while recording live: its time on the footage clock, and the camera's time it was pressed at. */
export const captureTrigger = z.object({ timeNs: nsString, captureUs: z.number().int().nonnegative() });
export type CaptureTrigger = z.infer<typeof captureTrigger>;

export const evidenceManifest = z.object({
  schema: z.literal('photofinish.evidence'),
  schemaVersion: z.literal(1),
  builtAt: z.string(),
  software: z.object({ name: z.string(), version: z.string() }),
  source: z.object({
    kind: sourceKind,
    /** The folder, video or image the official opened. */
    path: z.string(),
    description: z.string(),
    /** Every file read: each frame of a folder, or the single video / GIF / line-scan image. */
    files: z.array(evidenceFile),
    frameCount: z.number().int().nonnegative(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    bitDepth: z.union([z.literal(8), z.literal(16)]),
    channels: z.number().int().min(1).max(4),
    /** Which decoder read the frames (JPEG folders: FFmpeg where installed); the inspector decodes the same way. */
    decoder: z.enum(['sharp', 'ffmpeg']).optional(),
  }),
  line: finishLine,
  /** The line as the official gave it, where it crossed the frame's edge and `line` is its part inside the frame. */
  lineGiven: finishLine.optional(),
  timing: timingSource,
  columns: z.number().int().positive(),
  rows: z.number().int().positive(),
  /** `evidence/times.json`: { "timesNs": string[columns], "frames": number[columns] } (source frame of each column). */
  times: z.object({ path: z.string(), sha256: z.string() }),
  gaps: z.array(dropGap),
  measured: measuredRate,
  composite: z.object({ path: z.string(), sha256: z.string(), width: z.number().int(), height: z.number().int(), format: z.enum(['png', 'tiff']) }),
  tiles: z.object({ path: z.string(), tileWidth: z.number().int().positive(), format: z.literal('png'), levels: z.array(tileLevel) }),
  /**
   * A race recorded live: the recording's record (`capture.json` beside the frames, hashed like them) and the trigger
   * marks the official made with F while recording, in time order. Absent for footage recorded elsewhere.
   */
  capture: z.object({ record: evidenceFile, triggers: z.array(captureTrigger) }).optional(),
  /**
   * `evidence/suggestions.json`: the leading edges the detector suggested when the race was built (`count` of them),
   * hashed like the composite, so a race opens with them ready. Absent for races built before, or where detection
   * could not run: those detect on demand.
   */
  suggestions: z.object({ path: z.string(), sha256: z.string(), count: z.number().int().nonnegative() }).optional(),
});
export type EvidenceManifest = z.infer<typeof evidenceManifest>;

export const timesFile = z.object({ timesNs: z.array(nsString), frames: z.array(z.number().int().nonnegative()) });
export type TimesFile = z.infer<typeof timesFile>;

/** Relative paths inside a race folder. One place, so every layer agrees. */
export const RACE_LAYOUT = {
  document: 'race.json',
  audit: 'audit.jsonl',
  manifest: 'evidence/manifest.json',
  times: 'evidence/times.json',
  compositePng: 'evidence/composite.png',
  suggestions: 'evidence/suggestions.json',
  tilesDir: 'tiles',
  exportsDir: 'exports',
  /** What export wrote, one JSON line per file with its SHA-256: how an earlier export of this race is recognised. */
  exportsLog: 'exports/exports-log.jsonl',
} as const;

/** Tile file of a level: `tiles/<level>/<index>.png`. */
export const tilePath = (level: number, index: number): string => `${RACE_LAYOUT.tilesDir}/${level}/${index}.png`;
