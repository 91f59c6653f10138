/** A competitor's affiliation as one field (results' `team`, FinishLynx's affiliation): team, else club, else nation. */
import type { Competitor } from './document.js';

export function affiliationOf(c: Pick<Competitor, 'team' | 'club' | 'nation'> | undefined): string | undefined {
  return c?.team || c?.club || c?.nation || undefined;
}
