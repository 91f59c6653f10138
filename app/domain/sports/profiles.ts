/**
 * The publication rules of each sport, all in integer ticks so that no float error can change a printed digit.
 *   motorsport: times and margins to the nearest 1/1000 s; a non-zero margin that would print 0.000 gets more
 *               digits (NASCAR printed 0.0004); an exact tie is flagged for the rule book.
 *   athletics:  read to 1/1000 s (rounded up), published rounded UP to the next 1/100 s; athletes equal at
 *               1/1000 share the place.
 *   horse:      the winner's time (nearest 1/100 s); margins in lengths = gap × lengths per second (default 5),
 *               shown as named distances.
 *   greyhound:  times to 1/100 s; one length per 0.08 s.
 */
import type { SportName, SportSettings } from '../race/document.js';
import { divCeil, divRoundHalfAway, type Ticks } from '../time/ticks.js';
import { formatUnits } from './clock-format.js';
import { handHundredths, handTenths, handTime } from './hand-time.js';
import { RESULTS_RULES } from '../results/results-rules.js';
import { scaleLengthsPerSecond, scaleWords } from './horse-scale.js';
import {
  DEFAULT_DISTANCE_TABLE,
  PRE_2018_DISTANCE_TABLE,
  DEFAULT_HORSE_LENGTHS_PER_SECOND,
  GREYHOUND_DISTANCE_TABLE,
  GREYHOUND_LENGTHS_PER_SECOND,
  deadHeatName,
  describeDistance,
  distanceFor,
  parseLengthsPerSecond,
  type DistanceName,
} from './distances.js';

const NS_PER_MILLI_S = 1_000_000n;
const NS_PER_CENTI_S = 10_000_000n;

/** Motorsport time: nearest 1/1000 s. */
export function motorsportTime(t: Ticks): string {
  return formatUnits(divRoundHalfAway(t, NS_PER_MILLI_S), 3);
}

/** Motorsport margin: nearest 1/1000 s, with more digits (up to the ns) where that would hide a real gap. */
export function motorsportMargin(gap: Ticks): string {
  for (let digits = 3; digits <= 9; digits++) {
    const units = divRoundHalfAway(gap, 10n ** BigInt(9 - digits));
    if (units !== 0n || gap === 0n) return formatUnits(units, digits, false);
  }
  return formatUnits(gap, 9, false);
}

/** Athletics reading: the time in thousandths, rounded up (what decides ties). */
export function athleticsReading(t: Ticks): bigint {
  return divCeil(t, NS_PER_MILLI_S);
}

/** Athletics published time: rounded up to the next 1/100 s. */
export function athleticsHundredths(t: Ticks): bigint {
  return divCeil(t, NS_PER_CENTI_S);
}

export function athleticsTime(t: Ticks): string {
  return formatUnits(athleticsHundredths(t), 2);
}

/** Horse and greyhound times: nearest 1/100 s. */
export function hundredthsNearest(t: Ticks): string {
  return formatUnits(divRoundHalfAway(t, NS_PER_CENTI_S), 2);
}

export interface FinisherForDisplay {
  time: Ticks;
  /** Time of the finisher ranked just ahead; null for the winner. */
  previous: Ticks | null;
  isWinner: boolean;
  /** In a declared dead heat with the finisher ranked just ahead. */
  deadHeatWithPrevious: boolean;
  /** A hand time (hand-time.ts), and whether the finisher ahead has one. */
  hand?: boolean;
  previousHand?: boolean;
}

export interface SportProfile {
  name: SportName;
  /** Finishers with equal keys cannot be separated at the sport's reading precision (a hand time at 1/10 s). */
  tieKey(t: Ticks, hand?: boolean): bigint;
  time(f: FinisherForDisplay): string;
  /** What the result shows behind the previous finisher ('' for the winner). */
  margin(f: FinisherForDisplay): string;
  /** Horse and greyhound: the distance name behind the previous finisher. */
  lengths?(f: FinisherForDisplay): string;
  /** How many decimals the time is read to, for the result sheet's note. */
  describe: string;
}

function lengthsProfile(name: 'horse' | 'greyhound', lps: string, table: readonly DistanceName[], scale = ''): SportProfile {
  const scaled = parseLengthsPerSecond(lps);
  const lengths = (f: FinisherForDisplay) => {
    if (f.previous === null) return '';
    if (f.deadHeatWithPrevious) return deadHeatName(table);
    return describeDistance(distanceFor(f.time - f.previous, scaled, table));
  };
  return {
    name,
    tieKey: (t) => t,
    time: (f) => (name === 'horse' && !f.isWinner ? '' : hundredthsNearest(f.time)),
    margin: lengths,
    lengths,
    describe:
      name === 'horse'
        ? `winner's time to 1/100 s; distances at ${lps} lengths per second${scale}`
        : 'times to 1/100 s; one length per 0.08 s',
  };
}

/**
 * Every sport prints a hand time as hand timing does: 1/10 s rounded up, with an "h". `rules` is the results rules
 * version (results-rules.ts): before 3, horse distances follow the table of their time.
 */
export function sportProfile(settings: SportSettings, rules: number = RESULTS_RULES): SportProfile {
  const base = baseProfile(settings, rules);
  return {
    ...base,
    time: (f) => {
      const text = base.time(f);
      return f.hand && text !== '' ? handTime(f.time) : text;
    },
  };
}

/** Athletics' published time in hundredths: rounded up to 1/100 s, a hand time to 1/10 s. */
const athleticsPublished = (t: Ticks, hand?: boolean) => (hand ? handHundredths(t) : athleticsHundredths(t));

function baseProfile(settings: SportSettings, rules: number): SportProfile {
  switch (settings.sport) {
    case 'motorsport':
      return {
        name: 'motorsport',
        tieKey: (t) => t,
        time: (f) => motorsportTime(f.time),
        margin: (f) => (f.previous === null ? '' : f.time === f.previous ? '0.000' : `+${motorsportMargin(f.time - f.previous)}`),
        describe: 'times and margins to the nearest 1/1000 s',
      };
    case 'athletics':
      return {
        name: 'athletics',
        tieKey: (t, hand) => (hand ? handTenths(t) * 100n : athleticsReading(t)),
        time: (f) => athleticsTime(f.time),
        margin: (f) =>
          f.previous === null ? '' : `+${formatUnits(athleticsPublished(f.time, f.hand) - athleticsPublished(f.previous, f.previousHand), 2, false)}`,
        describe: 'read to 1/1000 s, published rounded up to 1/100 s',
      };
    case 'horse': {
      // An official's own figure wins; else the racing authority's scale for the race type and going; else 5.
      const { raceType: type, going: g, surface: s } = settings;
      const scaled = scaleLengthsPerSecond(type, g, s);
      const lps = settings.lengthsPerSecond ?? scaled ?? DEFAULT_HORSE_LENGTHS_PER_SECOND;
      const scale = type ? ` (${scaleWords(type, g, s)}${settings.lengthsPerSecond !== undefined ? ', set by the official' : ', BHA scale'})` : '';
      return lengthsProfile('horse', lps, settings.distanceTable ?? (rules >= 3 ? DEFAULT_DISTANCE_TABLE : PRE_2018_DISTANCE_TABLE), scale);
    }
    case 'greyhound':
      return lengthsProfile('greyhound', GREYHOUND_LENGTHS_PER_SECOND, settings.distanceTable ?? GREYHOUND_DISTANCE_TABLE);
  }
}
