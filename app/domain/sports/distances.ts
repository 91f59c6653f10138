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

/** Defaults after British practice; every value is a setting of the race. */
export const DEFAULT_DISTANCE_TABLE: readonly DistanceName[] = Object.freeze([
  { name: 'dead heat', lengths: 0 },
  { name: 'nose', lengths: 0.05 },
  { name: 'short head', lengths: 0.1 },
  { name: 'head', lengths: 0.2 },
  { name: 'neck', lengths: 0.3 },
  ...quarterSteps(2, 3, 1), // ½, ¾
  ...quarterSteps(4, 12, 1), // 1 to 3 in quarters
  ...quarterSteps(14, 40, 2), // 3½ to 10 in halves
  ...quarterSteps(44, 120, 4), // 11 to 30 in whole lengths
  { name: 'distance', lengths: 31 },
]);

/**
 * Greyhound racing's own short distances, in steps of 0.01 s at one length per 0.08 s: short head 0.01 s, head
 * 0.02 s, neck 0.03 s, then half a length (0.04 s) and the same lengths as horse racing from there.
 */
export const GREYHOUND_DISTANCE_TABLE: readonly DistanceName[] = Object.freeze([
  { name: 'dead heat', lengths: 0 },
  { name: 'short head', lengths: 0.125 },
  { name: 'head', lengths: 0.25 },
  { name: 'neck', lengths: 0.375 },
  ...DEFAULT_DISTANCE_TABLE.filter((d) => d.lengths >= 0.5),
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

/** "½ length", "1 length", "1¼ lengths"; word names ("nose", "head") as they are. */
export function describeDistance(entry: DistanceName): string {
  if (!/^[\d¼½¾]+$/.test(entry.name)) return entry.name;
  return `${entry.name} ${entry.lengths <= 1 ? 'length' : 'lengths'}`;
}
