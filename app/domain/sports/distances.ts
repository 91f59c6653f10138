/**
 * Horse and greyhound distances: a time gap becomes lengths (gap × lengths per second, exact rational maths) and
 * is shown as the nearest named distance of a table officials can edit, because the decimal value of the small
 * names differs between racing authorities (nose 0.02–0.1 length, short head 0.05–0.1, head 0.1–0.2, neck
 * 0.25–0.3). "Dead heat" (0 lengths) is never reached by arithmetic: it is only shown where an official declared one.
 */
import { UserError } from '../errors.js';
import { parseSecondsToTicks, type Ticks } from '../time/ticks.js';

export interface DistanceName {
  name: string;
  lengths: number;
}

/** Named distances from `from` to `to` lengths every `step` quarters (counted in integer quarters, not floats). */
const quarterSteps = (fromQuarters: number, toQuarters: number, stepQuarters: number): DistanceName[] => {
  const out: DistanceName[] = [];
  for (let q = fromQuarters; q <= toQuarters; q += stepQuarters) out.push({ name: lengthsName(q / 4), lengths: q / 4 });
  return out;
};

function lengthsName(v: number): string {
  const whole = Math.floor(v);
  const frac = Math.round((v - whole) * 4);
  const f = ['', '¼', '½', '¾'][frac] as string;
  return whole === 0 ? f : `${whole}${f}`;
}

/** Horse racing's named distances below half a length, and the dead heat (an official's decision, never a gap). */
const HORSE_SHORT_DISTANCES: readonly DistanceName[] = [
  { name: 'dead heat', lengths: 0 },
  { name: 'nose', lengths: 0.05 },
  { name: 'short head', lengths: 0.1 },
  { name: 'head', lengths: 0.2 },
  { name: 'neck', lengths: 0.3 },
];

/** Beyond the longest counted distance of the British table: "200+ lengths". */
export const OVER_COUNTED = '200+';

/**
 * Horse racing's distances by the current British table (every value is still a setting of the race):
 *   dead heat, nose, short head, head, neck, then quarter lengths ½ to 3¾ (BHA, "new finishing distances", 21 Feb
 *   2008: nose, 2¼, 2¾, 3¼, 3¾ and 4½ lengths added), then 4, 4½ and whole lengths, counted to 200 lengths since
 *   1 January 2018 (the judges' lengths-per-second tables were extended to 200; before, 99 and "99+", and before
 *   26 December 2010 "a distance" for anything over 30 lengths, a term no longer used). A gap beyond 200 lengths
 *   is "200+ lengths".
 * The small names' values are the ones this app has always used (a nose 0.05 length ... a neck 0.3).
 */
export const BRITISH_DISTANCE_TABLE: readonly DistanceName[] = Object.freeze([
  ...HORSE_SHORT_DISTANCES,
  ...quarterSteps(2, 15, 1), // ½ to 3¾ in quarters
  ...quarterSteps(16, 18, 2), // 4, 4½
  ...quarterSteps(20, 800, 4), // 5 to 200 in whole lengths
  { name: OVER_COUNTED, lengths: 201 },
]);

/**
 * The table results followed before rules version 3 (results-rules.ts): quarters to 3, halves to 10, whole lengths
 * to 30, then "distance". Kept so that a race certified by those rules still verifies.
 */
export const PRE_2018_DISTANCE_TABLE: readonly DistanceName[] = Object.freeze([
  ...HORSE_SHORT_DISTANCES,
  ...quarterSteps(2, 3, 1), // ½, ¾
  ...quarterSteps(4, 12, 1), // 1 to 3 in quarters
  ...quarterSteps(14, 40, 2), // 3½ to 10 in halves
  ...quarterSteps(44, 120, 4), // 11 to 30 in whole lengths
  { name: 'distance', lengths: 31 },
]);

/** The horse racing table of the current rules. */
export const DEFAULT_DISTANCE_TABLE: readonly DistanceName[] = BRITISH_DISTANCE_TABLE;

/**
 * Greyhound racing's own short distances, in steps of 0.01 s at one length per 0.08 s: short head 0.01 s, head
 * 0.02 s, neck 0.03 s, then half a length (0.04 s) and lengths in halves to 10, whole lengths to 30 (unchanged by
 * the British horse racing table).
 */
export const GREYHOUND_DISTANCE_TABLE: readonly DistanceName[] = Object.freeze([
  { name: 'dead heat', lengths: 0 },
  { name: 'short head', lengths: 0.125 },
  { name: 'head', lengths: 0.25 },
  { name: 'neck', lengths: 0.375 },
  ...PRE_2018_DISTANCE_TABLE.filter((d) => d.lengths >= 0.5),
]);

export const DEFAULT_HORSE_LENGTHS_PER_SECOND = '5';
/** Greyhound racing: one length per 0.08 s. */
export const GREYHOUND_LENGTHS_PER_SECOND = '12.5';

/** Lengths per second as exact scaled integer (×1e9), refusing nonsense. */
export function parseLengthsPerSecond(text: string): bigint {
  const scaled = parseSecondsToTicks(text, 'lengths per second');
  if (scaled <= 0n || scaled > 100n * 1_000_000_000n) throw new UserError(`lengths per second must be above 0 and at most 100, got ${text}`, 'INVALID_ARGUMENT');
  return scaled;
}

/** Exact lengths of a gap, as a scaled integer: lengths × 1e18. */
function lengthsE18(gap: Ticks, lpsScaled: bigint): bigint {
  return (gap < 0n ? -gap : gap) * lpsScaled;
}

function tableE18(lengths: number): bigint {
  return parseSecondsToTicks(String(lengths), 'distance table') * 1_000_000_000n;
}

const scaledTables = new WeakMap<readonly DistanceName[], { entry: DistanceName; e18: bigint }[]>();

/** The table's positive distances with their exact values, parsed once per table. */
function scaledTable(table: readonly DistanceName[]): { entry: DistanceName; e18: bigint }[] {
  let scaled = scaledTables.get(table);
  if (!scaled) {
    scaled = table.filter((entry) => entry.lengths > 0).map((entry) => ({ entry, e18: tableE18(entry.lengths) }));
    scaledTables.set(table, scaled);
  }
  return scaled;
}

/** The distance name for a gap (never "dead heat": a zero gap without a decision is the smallest distance). */
export function distanceFor(gap: Ticks, lpsScaled: bigint, table: readonly DistanceName[] = DEFAULT_DISTANCE_TABLE): DistanceName {
  const v = lengthsE18(gap, lpsScaled);
  let best: DistanceName | null = null;
  let bestDiff = 0n;
  for (const { entry, e18: e } of scaledTable(table)) {
    const diff = v > e ? v - e : e - v;
    // Nearest name; exactly half-way goes to the larger distance.
    if (best === null || diff < bestDiff || (diff === bestDiff && entry.lengths > best.lengths)) {
      best = entry;
      bestDiff = diff;
    }
  }
  if (!best) throw new UserError('the distance table has no distances above 0 lengths', 'INVALID_ARGUMENT');
  return best;
}

export function deadHeatName(table: readonly DistanceName[] = DEFAULT_DISTANCE_TABLE): string {
  return table.find((e) => e.lengths === 0)?.name ?? 'dead heat';
}

/** "½ length", "1 length", "1¼ lengths", "200+ lengths"; word names ("nose", "head") as they are. */
export function describeDistance(entry: DistanceName): string {
  if (!/^[\d¼½¾]+\+?$/.test(entry.name)) return entry.name;
  return `${entry.name} ${entry.lengths <= 1 ? 'length' : 'lengths'}`;
}
