/**
 * Each sport's own headings for who a result row is (DOMAIN.md, "Headings differ by sport"):
 *   athletics   Lane / Bib / Name / Club or nation
 *   motorsport  Car / Driver / Team
 *   horse       No. / Horse / Jockey / Trainer / Draw
 *   greyhound   Trap / Greyhound / Trainer
 * Fixed widths are in points; `flex` shares out the room the fixed columns leave.
 */
import type { Competitor } from '../../domain/race/document.js';
import { affiliationOf } from '../../domain/race/affiliation.js';

export interface IdentityColumn {
  title: string;
  width: number;
  flex?: number;
  align: 'left' | 'right';
  value(id: string, c: Competitor | undefined, name: string): string;
}

const fixed = (title: string, width: number, value: IdentityColumn['value']): IdentityColumn => ({ title, width, align: 'right', value });
const flexible = (title: string, flex: number, value: IdentityColumn['value']): IdentityColumn => ({ title, width: 0, flex, align: 'left', value });
const nameOf: IdentityColumn['value'] = (_id, c, name) => name || c?.name || '';

/** "Club", "Nation" or "Club or nation", by what the start list gives. */
function affiliationTitle(competitors: readonly Competitor[]): string {
  const withClub = competitors.some((c) => c.club || c.team);
  const withNation = competitors.some((c) => c.nation);
  return withNation && !withClub ? 'Nation' : withClub && !withNation ? 'Club' : 'Club or nation';
}

export function identityColumns(sport: string, competitors: readonly Competitor[]): IdentityColumn[] {
  switch (sport) {
    case 'athletics':
      return [
        fixed('Lane', 26, (_id, c) => c?.lane ?? ''),
        fixed('Bib', 30, (id, c) => c?.bib ?? id),
        flexible('Name', 0.56, nameOf),
        flexible(affiliationTitle(competitors), 0.44, (_id, c) => c?.club || c?.nation || c?.team || ''),
      ];
    case 'horse':
      return [
        fixed('No.', 26, (id) => id),
        flexible('Horse', 0.36, nameOf),
        flexible('Jockey', 0.32, (_id, c) => c?.jockey ?? ''),
        flexible('Trainer', 0.32, (_id, c) => c?.trainer ?? ''),
        fixed('Draw', 28, (_id, c) => c?.draw ?? c?.lane ?? ''),
      ];
    case 'greyhound':
      return [
        fixed('Trap', 28, (id, c) => c?.trap ?? c?.lane ?? id),
        flexible('Greyhound', 0.55, nameOf),
        flexible('Trainer', 0.45, (_id, c) => c?.trainer ?? ''),
      ];
    default:
      return [fixed('Car', 30, (id) => id), flexible('Driver', 0.56, nameOf), flexible('Team', 0.44, (_id, c) => affiliationOf(c) ?? '')];
  }
}
