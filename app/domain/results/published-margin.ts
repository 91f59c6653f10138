/**
 * Margins as each sport publishes them: one definition per sport, used by every face under one name
 * (`behind_winner_*`, `behind_previous_*`), from the result's published times (README, "Margins"):
 *   athletics   the difference of the PUBLISHED times (rounded up to 1/100 s; a hand time to 1/10 s), so the
 *               margin always equals what a reader subtracts on the sheet;
 *   motorsport  the difference of the readings, to the nearest 1/1000 s (more digits where 0.000 would hide a real
 *               gap: NASCAR printed 0.0004); where a hand time is one of the two, the difference of the published
 *               times (a hand time is only known to its published 1/10 s);
 *   horse, greyhound  lengths: the named distance of the gap behind the one ahead (the sport's table); there is
 *               no margin behind the winner in seconds.
 * Dead-heaters have no margin between them (the caller leaves it out: null, blank). Differences of the readings
 * themselves are published only as `reading_behind_*_s`.
 */
import type { SportName } from '../race/document.js';
import { handHundredths, handTenths } from '../sports/hand-time.js';
import { athleticsHundredths, motorsportMargin, type SportProfile } from '../sports/profiles.js';
import { formatUnits } from '../sports/clock-format.js';
import { divRoundHalfAway, ticksToDecimalSeconds, type Ticks } from '../time/ticks.js';

/** What a published time is made of: the reading it is published from and whether it is a hand time. */
export interface PublishedFrom {
  time: Ticks;
  hand: boolean;
}

export interface Margin {
  display: string;
  /** The margin in seconds, exactly as displayed; null where the sport's margin is not in seconds (lengths). */
  seconds: number | null;
}

/** Seconds as a JSON number that is the exact decimal of its ticks (9571943879 ns → 9.571943879, never …8999999). */
export function exactSeconds(t: Ticks): number {
  return Number(ticksToDecimalSeconds(t));
}

const NS_PER_DECI_S = 100_000_000n;
const NS_PER_MILLI_S = 1_000_000n;

/**
 * What places a finisher (result rules 3): the picture at its full resolution, i.e. the reading itself; a hand
 * time only to its published 1/10 s (a stopwatch cannot separate further). Equal keys are a tie the picture
 * cannot separate.
 */
export function placingKey(t: Ticks, hand: boolean): bigint {
  return hand ? handTenths(t) * NS_PER_DECI_S : t;
}

/** The margin of `f` behind `ref` by the sport's publication rule. */
export function publishedMargin(sport: SportName, profile: SportProfile, f: PublishedFrom, ref: PublishedFrom): Margin {
  switch (sport) {
    case 'athletics': {
      const hundredths = (p: PublishedFrom) => (p.hand ? handHundredths(p.time) : athleticsHundredths(p.time));
      const diff = hundredths(f) - hundredths(ref);
      const text = formatUnits(diff, 2, false);
      return { display: diff >= 0n ? `+${text}` : text, seconds: Number(text) };
    }
    case 'motorsport': {
      if (f.hand || ref.hand) {
        const thousandths = (p: PublishedFrom) => (p.hand ? handTenths(p.time) * 100n : divRoundHalfAway(p.time, NS_PER_MILLI_S));
        const diff = thousandths(f) - thousandths(ref);
        const text = formatUnits(diff, 3, false);
        return { display: diff > 0n ? `+${text}` : text, seconds: Number(text) };
      }
      const gap = f.time - ref.time;
      if (gap === 0n) return { display: '0.000', seconds: 0 };
      const text = motorsportMargin(gap);
      return { display: gap > 0n ? `+${text}` : text, seconds: Number(text) };
    }
    default:
      return { display: profile.lengths?.({ time: f.time, previous: ref.time, isWinner: false, deadHeatWithPrevious: false }) ?? '', seconds: null };
  }
}

/** Where the picture separates two finishers a sport reads to 1/1000 s at the same reading: "0.4 ms". */
export function pictureGapText(gap: Ticks): string {
  return `${ticksToDecimalSeconds(gap * 1000n)} ms`;
}
