/**
 * The columns a start-list CSV may have, by the words spreadsheets and meet software use for them: the id (car,
 * saddle-cloth or bib number), the name (or first and last name), and the optional columns each sport's sheet
 * prints: bib, club, nation, team, lane (athletics, motorsport), jockey, trainer, draw (horse racing), trap
 * (greyhound racing). Headers are matched case-insensitively, `_` and `-` read as spaces.
 */
export const EXTRA_FIELDS = ['bib', 'club', 'nation', 'team', 'lane', 'jockey', 'trainer', 'draw', 'trap'] as const;
export type ExtraField = (typeof EXTRA_FIELDS)[number];

/** The short fields (a number, a lane): at most 16 characters, like the lane always was. */
export const SHORT_FIELDS: ReadonlySet<ExtraField> = new Set(['bib', 'lane', 'draw', 'trap']);

const HEADER_ALIASES: Record<string, readonly string[]> = {
  id: ['id', 'number', 'no', 'competitor', 'competitor id', 'car', 'car number', 'saddle cloth', 'cloth'],
  name: ['name', 'full name', 'competitor name', 'driver', 'athlete', 'horse', 'greyhound', 'dog'],
  firstName: ['first', 'first name', 'firstname', 'given name'],
  lastName: ['last', 'last name', 'lastname', 'surname', 'family name'],
  bib: ['bib', 'bib number'],
  club: ['club'],
  nation: ['nation', 'country', 'nat', 'noc'],
  team: ['team', 'affiliation'],
  lane: ['lane'],
  jockey: ['jockey', 'rider'],
  trainer: ['trainer'],
  draw: ['draw', 'stall', 'post', 'gate', 'post position'],
  trap: ['trap'],
};

/**
 * Which column holds each field; a start list numbered only by bib uses the bib as the id, and a greyhound race
 * card numbered only by trap uses the trap.
 */
export function columnsOf(header: readonly string[]): Map<string, number> {
  const columns = new Map<string, number>();
  header.forEach((h, i) => {
    const key = h.trim().toLowerCase().replace(/[_-]+/g, ' ');
    for (const [field, aliases] of Object.entries(HEADER_ALIASES)) if (aliases.includes(key) && !columns.has(field)) columns.set(field, i);
  });
  const number = columns.get('bib') ?? columns.get('trap');
  if (!columns.has('id') && number !== undefined) columns.set('id', number);
  return columns;
}
