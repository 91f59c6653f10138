/**
 * The sports Photofinish publishes results for: the one list the race document's schema, the API, the CLI and the
 * app's sport selects all read. Adding a sport starts here (then its profile in profiles.ts).
 */
export const SPORT_NAMES = ['motorsport', 'athletics', 'horse', 'greyhound'] as const;

export type SportName = (typeof SPORT_NAMES)[number];

export interface SportChoice {
  name: SportName;
  /** As a select lists it: "Horse racing". */
  label: string;
  /** Shorter, where space is tight (the results panel). */
  shortLabel: string;
  /** How results are published, in a few words: "rounded up to 1/100 s". */
  publishes: string;
}

export const SPORT_CHOICES: readonly SportChoice[] = [
  { name: 'motorsport', label: 'Motorsport', shortLabel: 'Motorsport', publishes: 'nearest 1/1000 s' },
  { name: 'athletics', label: 'Athletics', shortLabel: 'Athletics', publishes: 'rounded up to 1/100 s' },
  { name: 'horse', label: 'Horse racing', shortLabel: 'Horse racing', publishes: 'lengths' },
  { name: 'greyhound', label: 'Greyhound racing', shortLabel: 'Greyhound', publishes: 'lengths' },
];

export function isSportName(value: unknown): value is SportName {
  return typeof value === 'string' && (SPORT_NAMES as readonly string[]).includes(value);
}
