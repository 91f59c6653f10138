/**
 * Horse racing's lengths-per-second scale: a length is a unit of time, and how many make a second depends on the
 * code (Flat or Jumps), the all-weather surface and the official going (in the straight, where the description
 * distinguishes parts of the course).
 *
 * Source: British Horseracing Authority, "How does the Judge calculate the distances?" (FAQ, 29 Apr 2014,
 * https://www.britishhorseracing.com/faqs/how-does-the-judge-calculate-the-distances/): scales from 4 to 5 Lps for
 * Jumps and 5 to 6 Lps on the Flat, by code, all-weather surface and going; the going in the straight applies.
 * The values per going follow the BHA's formula (press release "New finishing distances and alteration to their
 * calculation", 21 Feb 2008: Jumps 5 on good or better, 4 on good to soft or worse; Flat 6 on good to soft or better
 * and Polytrack, 5 on soft or worse and Fibresand) with the half steps for good to soft in use since (Flat 5.5,
 * Jumps 4.5, as reported in "Winning distance not always what it seems", betting.com, 16 Oct 2018). The BHA's own
 * table page could not be read here: every value is a setting a race can override (lengths per second).
 */
import { z } from 'zod';

export const raceType = z.enum(['flat', 'jumps']);
export type RaceType = z.infer<typeof raceType>;

/** The official going descriptions of turf, firmest first; all-weather surfaces take their own scale. */
export const going = z.enum(['hard', 'firm', 'good-to-firm', 'good', 'good-to-soft', 'soft', 'heavy']);
export type Going = z.infer<typeof going>;

export const surface = z.enum(['turf', 'polytrack', 'tapeta', 'fibresand']);
export type Surface = z.infer<typeof surface>;

const FIRM_SIDE: readonly Going[] = ['hard', 'firm', 'good-to-firm', 'good'];

/** Lengths per second by the BHA scale, as decimal text; null where the race type is not given. */
export function scaleLengthsPerSecond(type: RaceType | undefined, g: Going | undefined, s: Surface | undefined): string | null {
  if (!type) return null;
  if (type === 'flat' && s && s !== 'turf') return s === 'fibresand' ? '5' : '6';
  const firm = g === undefined || FIRM_SIDE.includes(g);
  if (type === 'flat') return firm ? '6' : g === 'good-to-soft' ? '5.5' : '5';
  return firm ? '5' : g === 'good-to-soft' ? '4.5' : '4';
}

/** "flat, good to soft" / "flat, Polytrack" / "jumps, heavy": the words of the sheet and help. */
export function scaleWords(type: RaceType, g: Going | undefined, s: Surface | undefined): string {
  const ground = s && s !== 'turf' ? s.charAt(0).toUpperCase() + s.slice(1) : (g ?? 'good').replace(/-/g, ' ');
  return `${type}, ${ground}`;
}
