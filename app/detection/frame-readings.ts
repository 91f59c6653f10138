/**
 * Crossing readings from the source frames, one per body.
 *
 * Each object the composite shows is fitted from the frames around its first touch (front-fit.ts); when its leading
 * point has not reached the line by the last frame fitted (a long shadow or halo touched the line first), later
 * frames are added. Then bodies are settled from the fitted outlines (bodies.ts): an object whose outline has two
 * noses is two competitors side by side and is split; neighbouring objects that move together and whose joint
 * outline is one nose without a step are parts of one body and are merged (as are pieces stacked further apart
 * along the line that come and go in the same columns, when their joint outline runs on across the rows between); a
 * limb read apart from its body (a leg split off as a second nose, or beyond a torso the road's colour) moves against
 * the body as no competitor beside it would, and is joined to it (limbs.ts). Objects without a usable fit get the
 * composite's coarse reading.
 */
import { bodyBoundary, MAX_ROW_GAP, type OutlineRow } from '../domain/detection/bodies.js';
import type { CompositeObject } from '../domain/detection/composite-objects.js';
import { directionName } from '../domain/detection/line-crossing.js';
import { addSeconds, coarseReading, LIGHTING_FLAG, unionOfSpans, type ObjectSpan, type Reading } from '../domain/detection/reading.js';
import { limbOfOneBody } from '../domain/detection/limbs.js';
import { median } from '../domain/detection/robust.js';
import { ticksToSeconds, type Ticks } from '../domain/time/ticks.js';
import { firstRange, FrameFits, type Attempt, type FrameSetup } from './frame-fits.js';
import { joinLimbs, LIMB_GAP_ROWS, limbCandidate } from './limb-joins.js';
import type { FrameReader } from './frame-reader.js';

/** The lighting score (reading.ts) of a reading the frames show as shade only: flagged, its confidence none. */
const ONLY_SHADE_LIGHTING = 0.5;
/** Frames added at a time while the leading point has not reached the line, and how many times. */
const EXTEND_BY = 10;
const EXTEND_ROUNDS = 3;
/**
 * Neighbouring objects this many rows apart or closer may be parts of one body: as many unmeasured rows as one
 * body's outline may hold (bodies.ts; a bolt's shank shows in pieces a few rows apart).
 */
const ADJACENT_ROWS = MAX_ROW_GAP;
/** The shallowest notch (px) between two noses that may part a limb from its body (two competitors': bodies.ts). */
const LIMB_NOTCH_PX = 1;
/**
 * Objects further apart (up to this many times the smallest object's rows) may be parts of one body when they come
 * and go in the same columns (within STACKED_COLUMNS): a black body over a chequered line shows in the composite on
 * its white squares only, as pieces stacked along the line. The joint fit decides (its outline then runs on across
 * the rows between them; two bodies in neighbouring lanes leave road rows without a front there).
 */
const STACKED_GAP = 4;
const STACKED_COLUMNS = 2;

/**
 * `readLate`: whether a reading crosses the line later than the composite shows the body on it (late-front.ts). Such a
 * body is read again with a threshold from the frames' own noise on its rows, when that is lower than the one the
 * fits use: a body the colour of the road (a mirror-like one) differs from it by less than a threshold the
 * composite's noisy rows (a chequered line, lane lines) set, and the fit read the first bright part behind its front
 * instead. The new reading is kept when it is not late too; otherwise the composite's first column is all that is
 * known (its coarse reading).
 */
export async function readingsFromFrames(
  objects: readonly CompositeObject[],
  setup: FrameSetup,
  read: FrameReader,
  minRows: number,
  readLate: (r: Reading) => boolean = () => false,
): Promise<Reading[]> {
  const fits = new FrameFits(setup, read);
  const first = objects.map((o) => ({ span: o, ...firstRange(o) }));
  await fits.prepareBackground(objects);
  const firstFits = new Map<ObjectSpan, Attempt>();
  // In time order, as many objects at a time as their frames fit in the memory the fits keep.
  for (const group of inGroups([...first].sort((a, b) => a.from - b.from), (n) => fits.framesOf(n).length, fits.framesKept)) {
    await fits.load(group);
    for (const n of group) firstFits.set(n.span, fits.fit(n.span, fits.signOf(n.span), n.from, n.to));
  }
  let attempts = first.map((n) => firstFits.get(n.span) as Attempt);
  attempts = await extendShort(fits, attempts);
  const split: Attempt[] = [];
  for (const a of attempts) split.push(...(await splitBodies(fits, a, objects, setup, minRows, 2)));
  attempts = await mergeParts(fits, split, minRows);
  attempts = joinLimbs(attempts);
  const readings: Reading[] = [];
  for (const a of attempts) {
    const first = toReading(a, setup.timesNs, setup);
    readings.push(readLate(first) ? ((await readAgainQuiet(fits, a, setup, readLate)) ?? coarseReading(first.span, setup.timesNs, first.direction)) : first);
  }
  return readings;
}

/** A late reading's body read again above the frames' own noise on its rows (null: no lower threshold, or late again). */
async function readAgainQuiet(fits: FrameFits, a: Attempt, setup: FrameSetup, readLate: (r: Reading) => boolean): Promise<Reading | null> {
  const threshold = fits.quietThreshold(fits.across(a.span));
  if (threshold === null) return null;
  await fits.load([{ span: a.span, from: a.from, to: a.to }]);
  const again = toReading(fits.fit(a.span, a.sign, a.from, a.to, threshold), setup.timesNs, setup);
  return again.calibrated && !readLate(again) ? again : null;
}

async function extendShort(fits: FrameFits, attempts: Attempt[]): Promise<Attempt[]> {
  let out = attempts;
  for (let round = 0; round < EXTEND_ROUNDS; round++) {
    const short = out.filter((a) => a.fit?.reach === 'short' && a.to <= a.span.lastColumn + 1 && a.to < fits.columns);
    if (short.length === 0) break;
    const needs = short.map((a) => ({ span: a.span, from: a.from, to: a.to + EXTEND_BY }));
    await fits.load(needs);
    out = out.map((a) => (short.includes(a) ? fits.fit(a.span, a.sign, a.from, a.to + EXTEND_BY) : a));
  }
  return out;
}

/** Consecutive groups of items whose sizes add up to at most `limit` (an item larger than it is a group alone). */
function inGroups<T>(items: readonly T[], size: (item: T) => number, limit: number): T[][] {
  const groups: T[][] = [];
  let total = Infinity;
  for (const item of items) {
    const n = size(item);
    if (total + n > limit) {
      groups.push([]);
      total = 0;
    }
    (groups[groups.length - 1] as T[]).push(item);
    total += n;
  }
  return groups;
}

/** Halves of an attempt split apart only as a body and its limb (splitBodies): mergeParts leaves them to joinLimbs. */
const limbHalves = new WeakSet<Attempt>();

/**
 * Splits an attempt whose outline shows two bodies, each half fitted on its own (recursively, `depth` times). A notch
 * too shallow for two competitors side by side may still part a limb from its body (a walker's legs, whose mean front
 * runs a little ahead of the torso's, read with the torso as one rigid outline): the halves are kept apart then only
 * when one swings against the other, to be joined again as one body with limbs (joinLimbs), each read on its own.
 */
async function splitBodies(fits: FrameFits, a: Attempt, objects: readonly CompositeObject[], setup: FrameSetup, minRows: number, depth: number): Promise<Attempt[]> {
  if (!a.fit || depth === 0) return [a];
  const two = bodyBoundary(a.fit.outline, minRows);
  const at = two ?? bodyBoundary(a.fit.outline, minRows, LIMB_NOTCH_PX);
  if (at === null) return [a];
  const [lo, hi] = fits.across(a.span);
  const halves = [subSpan(a.span, lo, at - 1, objects, setup), subSpan(a.span, at, hi, objects, setup)];
  if (halves.some((h) => h.bottom - h.top + 1 < minRows)) return [a];
  const fitted: Attempt[] = [];
  for (const h of halves) {
    await fits.load([{ span: h, from: a.from, to: a.to }]);
    fitted.push(fits.fit(h, a.sign, a.from, a.to));
  }
  if (two === null) {
    const [x, y] = fitted as [Attempt, Attempt];
    const read = [x, y].every((h) => h.fit?.reach === 'bracketed' && (h.span.lighting ?? 0) < LIGHTING_FLAG);
    if (!read || !limbOfOneBody(limbCandidate(x), limbCandidate(y), LIMB_GAP_ROWS)) return [a];
    limbHalves.add(x).add(y);
    return fitted;
  }
  const out: Attempt[] = [];
  for (const f of fitted) out.push(...(await splitBodies(fits, f, objects, setup, minRows, depth - 1)));
  return out;
}

/** The part of a span between two across-coordinates, with the first and last columns its own rows were on the line. */
function subSpan(span: ObjectSpan, a0: number, a1: number, objects: readonly CompositeObject[], setup: FrameSetup): ObjectSpan {
  const r0 = setup.geometry.rowOfAcross(a0);
  const r1 = setup.geometry.rowOfAcross(a1);
  const top = Math.max(span.top, Math.round(Math.min(r0, r1)));
  const bottom = Math.min(span.bottom, Math.round(Math.max(r0, r1)));
  const owner = objects.find((o) => o.top <= top && o.bottom >= bottom && o.firstColumn <= span.firstColumn + 2 && o.lastColumn >= span.firstColumn);
  let firstColumn = span.firstColumn;
  let lastColumn = span.lastColumn;
  if (owner) {
    const firsts = owner.firstByRow.slice(top - owner.top, bottom - owner.top + 1).filter((c) => c >= 0);
    if (firsts.length) firstColumn = Math.min(...firsts);
    // The part's own last column: a rider above the bike leaves the line before it (body-pieces.ts).
    const lasts = owner.lastByRow.slice(top - owner.top, bottom - owner.top + 1).filter((c) => c >= 0);
    if (lasts.length) lastColumn = Math.min(span.lastColumn, Math.max(...lasts));
  }
  return { ...span, top, bottom, firstColumn, lastColumn };
}

/** Merges neighbouring attempts that are one body: they move together and their joint outline is one nose. */
async function mergeParts(fits: FrameFits, attempts: Attempt[], minRows: number): Promise<Attempt[]> {
  const out = [...attempts];
  for (let merged = true; merged; ) {
    merged = false;
    out.sort((x, y) => x.span.top - y.span.top || x.span.firstColumn - y.span.firstColumn);
    search: for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i] as Attempt;
        const b = out[j] as Attempt;
        // A body and its limb split apart at a shallow notch stay apart here: they are joined as limbs (joinLimbs).
        if (!mayBeOneBody(a, b, minRows) || (limbHalves.has(a) && limbHalves.has(b))) continue;
        const union = unionOfSpans(a.span, b.span);
        const from = Math.min(a.from, b.from);
        const to = Math.max(a.to, b.to);
        await fits.load([{ span: union, from, to }]);
        const joint = fits.fit(union, a.sign, from, to);
        if (!isOneBody(joint, a, b, minRows)) continue;
        out.splice(j, 1);
        out.splice(i, 1, joint);
        merged = true;
        break search;
      }
    }
  }
  return out;
}

function mayBeOneBody(a: Attempt, b: Attempt, minRows: number): boolean {
  if (a.sign !== b.sign) return false;
  const rowGap = rowGapOf(a, b);
  const overlapInTime = a.span.firstColumn <= b.span.lastColumn + 2 && b.span.firstColumn <= a.span.lastColumn + 2;
  if (rowGap <= ADJACENT_ROWS && overlapInTime) return true;
  const together = Math.abs(a.span.firstColumn - b.span.firstColumn) <= STACKED_COLUMNS && Math.abs(a.span.lastColumn - b.span.lastColumn) <= STACKED_COLUMNS;
  return together && (rowGap <= STACKED_GAP * minRows || longBody(a, b, minRows));
}

const rowGapOf = (a: Attempt, b: Attempt) => Math.max(a.span.top, b.span.top) - Math.min(a.span.bottom, b.span.bottom) - 1;

/**
 * Pieces stacked further apart than STACKED_GAP smallest objects, but no further than the longer one is long: a long
 * body's pieces (the committed bolt clip's shank, 66 and 39 rows with 31 between: the composite misses the rows
 * between, whose columns' gains the bolt across most of the line sets, while the frames show the shank there).
 */
function longBody(a: Attempt, b: Attempt, minRows: number): boolean {
  const longer = Math.max(a.span.bottom - a.span.top, b.span.bottom - b.span.top) + 1;
  const gap = rowGapOf(a, b);
  return gap > STACKED_GAP * minRows && gap <= longer;
}

/**
 * The joint fit is one body when it reads its crossing, fits no worse than its parts did (one rigid motion), and
 * its outline has one nose and no step where the parts meet. For a long body's pieces far apart, a second nose
 * inside one piece's own rows (the bolt's shadow beside its far end, read ahead of its shank) is that piece's own
 * business; only one between them, or where they meet, parts two bodies.
 */
function isOneBody(joint: Attempt, a: Attempt, b: Attempt, minRows: number): boolean {
  const fit = joint.fit;
  if (!fit || fit.reach !== 'bracketed') return false;
  const partsRms = Math.max(a.fit?.residualPx ?? 0, b.fit?.residualPx ?? 0);
  if (fit.residualPx > 1.5 * partsRms + 0.3) return false;
  const boundary = bodyBoundary(fit.outline, minRows);
  if (boundary !== null && (!longBody(a, b, minRows) || between(boundary, a, b))) return false;
  return !stepWhereTheyMeet(fit.outline, a, b);
}

/** Whether an outline's boundary (bodies.ts) lies between two parts' outlines, or within a few rows of where they meet. */
function between(boundary: number, a: Attempt, b: Attempt): boolean {
  const [upper, lower] = a.span.top <= b.span.top ? [a, b] : [b, a];
  const upperEnd = Math.max(...(upper.fit?.outline.map((r) => r.a) ?? [-Infinity]));
  const lowerStart = Math.min(...(lower.fit?.outline.map((r) => r.a) ?? [Infinity]));
  return boundary >= upperEnd - MAX_ROW_GAP && boundary <= lowerStart + MAX_ROW_GAP;
}

function stepWhereTheyMeet(outline: readonly OutlineRow[], a: Attempt, b: Attempt): boolean {
  const [upper, lower] = a.span.top <= b.span.top ? [a, b] : [b, a];
  const aUpper = Math.max(...(upper.fit?.outline.map((r) => r.a) ?? [-Infinity]));
  const aLower = Math.min(...(lower.fit?.outline.map((r) => r.a) ?? [Infinity]));
  if (!Number.isFinite(aUpper) || !Number.isFinite(aLower)) return false;
  const joint = (aUpper + aLower) / 2;
  const near = (side: -1 | 1) =>
    outline
      .filter((r) => (side < 0 ? r.a <= joint : r.a > joint))
      .sort((x, y) => Math.abs(x.a - joint) - Math.abs(y.a - joint))
      .slice(0, 3);
  const above = near(-1);
  const below = near(1);
  if (above.length === 0 || below.length === 0) return false;
  const sigma = median([...above, ...below].map((r) => r.sigma));
  return Math.abs(median(above.map((r) => r.o)) - median(below.map((r) => r.o))) > Math.max(2, 4 * sigma);
}

function toReading(a: Attempt, timesNs: readonly Ticks[], setup: FrameSetup): Reading {
  const direction = directionName(setup.geometry.motionAxis, a.sign);
  const coarse = coarseReading(a.span, timesNs, direction);
  const fit = a.fit;
  if (a.span.firstColumn === 0 || !fit || fit.reach !== 'bracketed') return coarse;
  // The body cannot have crossed much before the interval ahead of the column where the object first shows
  // (compression halos and blur can make it show a frame early): a fit earlier than that misread the fronts.
  const prevS = ticksToSeconds((timesNs[Math.max(0, a.span.firstColumn - 1)] as Ticks) - a.ref);
  if (fit.t < 2 * prevS) return coarse;
  const [r0, r1] = fit.across.map((x) => Math.round(setup.geometry.rowOfAcross(x))) as [number, number];
  const travel = Math.max(1e-9, fit.velocity * fit.intervalS);
  // The frames show it as shade only (front-fit.ts): light, whatever its composite region's colours said.
  const span = fit.onlyShade ? { ...a.span, lighting: Math.max(a.span.lighting ?? 0, ONLY_SHADE_LIGHTING) } : a.span;
  return {
    span,
    time: addSeconds(a.ref, fit.t),
    sigmaS: Math.max(fit.sigma, fit.intervalS * 0.005),
    calibrated: true,
    direction,
    rows: [Math.min(r0, r1), Math.max(r0, r1)],
    flags: coarse.flags.filter((f) => f === 'on-line-at-end'),
    quality: Math.max(0, Math.min(1, 1 - fit.residualPx / travel / 0.5)) * Math.min(1, fit.points / 12),
  };
}
