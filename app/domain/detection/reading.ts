/**
 * A detector's reading of one object's crossing, however it was made (a sub-frame fit from the source frames, an
 * edge in a line-scan image, or only the composite column where it first shows), and what an official is told
 * about it: its time, its uncertainty and whether that is a calibrated one, its flags, a confidence.
 */
import type { EdgeFlag } from '../race/document.js';
import { ticksToSeconds, type Ticks } from '../time/ticks.js';
import type { CompositeObject } from './composite-objects.js';

export type Direction = 'left-to-right' | 'right-to-left' | 'up' | 'down';

/** The part of a composite object a reading is about: its rows and the columns it spans. */
export type ObjectSpan = Pick<CompositeObject, 'firstColumn' | 'lastColumn' | 'top' | 'bottom' | 'contrast' | 'lighting' | 'leavesWithLight'>;

/** The span of two parts read as one body: all their rows and columns; a body joined with what looked like light is a body. */
export function unionOfSpans(a: ObjectSpan, b: ObjectSpan): ObjectSpan {
  return {
    top: Math.min(a.top, b.top),
    bottom: Math.max(a.bottom, b.bottom),
    firstColumn: Math.min(a.firstColumn, b.firstColumn),
    lastColumn: Math.max(a.lastColumn, b.lastColumn),
    contrast: Math.max(a.contrast, b.contrast),
    lighting: Math.min(a.lighting ?? 0, b.lighting ?? 0),
  };
}

export interface Reading {
  span: ObjectSpan;
  time: Ticks;
  sigmaS: number;
  calibrated: boolean;
  direction: Direction;
  /** Composite rows of the body the time was read from. */
  rows: [number, number];
  flags: EdgeFlag[];
  /** 0–1: how clearly it stands out (contrast) and how well its edge was read (quality). */
  quality: number;
}

/**
 * Only the composite: the middle of the interval before the column where the object first shows, good to that
 * interval (a shadow or halo ahead of the body can make it show a little early). An object on the line in the
 * first column crossed at or before that time; the recording does not show when.
 */
export function coarseReading(span: ObjectSpan, timesNs: readonly Ticks[], direction: Direction): Reading {
  const last = timesNs.length - 1;
  const flags: EdgeFlag[] = span.firstColumn === 0 ? ['on-line-at-start', 'no-sub-frame'] : ['no-sub-frame'];
  if (span.lastColumn >= last) flags.push('on-line-at-end');
  const first = timesNs[span.firstColumn] as Ticks;
  const prev = timesNs[Math.max(0, span.firstColumn - 1)] as Ticks;
  const next = timesNs[Math.min(last, span.firstColumn + 1)] as Ticks;
  const interval = span.firstColumn > 0 ? first - prev : next - first;
  return {
    span,
    time: span.firstColumn > 0 ? prev + (first - prev) / 2n : first,
    sigmaS: ticksToSeconds(interval),
    calibrated: false,
    direction,
    rows: [span.top, span.bottom],
    flags,
    quality: 0,
  };
}

/**
 * 0–1 for the official: how clearly the object stands out from the background, and how well its edge was read,
 * less for what looks like light rather than a body (lighting.ts). An edge read only from the composite (no
 * sub-frame reading) never rates above 0.3.
 */
export function confidenceOf(r: Reading): number {
  const contrast = contrastTerm(r);
  const light = Math.min(1, LIGHT_WEIGHT * (r.span.lighting ?? 0));
  return Math.round((0.3 * contrast + 0.7 * Math.max(0, Math.min(1, r.quality))) * (1 - light) * 100) / 100;
}

const contrastTerm = (r: Reading) => Math.min(1, Math.max(0, (r.span.contrast - 1) / 3));

/** How strongly a lighting score lowers the confidence (a score of 0.5 leaves none). */
const LIGHT_WEIGHT = 2;
/** Below this confidence, or with this much of it only light, a suggestion is flagged `low-confidence`. */
export const LOW_CONFIDENCE = 0.5;
export const LIGHTING_FLAG = 0.15;

/**
 * Flags `low-confidence` where the reading may be no competitor (light, the background) or was read poorly. An
 * object already on the line at the start has no crossing to read and is judged by how clearly it stands out (a
 * clear body there is a body, its time just unknown), unless it leaves the line just as the whole scene's light
 * changes (lighting.ts `leavesWithSceneLight`): then the light may be all it was.
 */
export function withConfidenceFlag(r: Reading): EdgeFlag[] {
  const atStart = r.flags.includes('on-line-at-start');
  const read = atStart ? contrastTerm(r) : confidenceOf(r);
  const low = read < LOW_CONFIDENCE || (r.span.lighting ?? 0) >= LIGHTING_FLAG || (atStart && r.span.leavesWithLight === true);
  return low && !r.flags.includes('low-confidence') ? [...r.flags, 'low-confidence'] : r.flags;
}

/** A fitted sub-frame offset (float seconds, small) added to an exact frame time, rounded once to the nanosecond. */
export function addSeconds(base: Ticks, seconds: number): Ticks {
  return base + BigInt(Math.round(seconds * 1e9));
}
