/**
 * The export fixture's evidence (composite, times with a dropped-frame gap) with a race of our choosing on it:
 * sport, competitors, marks, statuses, dead heats, amendments. The result is the domain's own (`computeResults`),
 * as the service computes it, so the exports render exactly what every other face renders.
 */
import type { RaceView } from '../../app/api/types.js';
import type { Amendment, Competitor, DeadHeat, Mark, SportName } from '../../app/domain/race/document.js';
import type { CompetitorStatus } from '../../app/domain/race/status.js';
import { computeResults } from '../../app/domain/results/compute-results.js';
import type { ExportFixture } from './export-fixture.js';

export interface RaceOnFixture {
  sport: SportName;
  competitors: Competitor[];
  marks: Mark[];
  statuses?: CompetitorStatus[];
  deadHeats?: DeadHeat[];
  amendments?: Amendment[];
  revision?: number;
}

export const imageMark = (id: string, milliColumn: number): Mark => ({ competitorId: id, position: { kind: 'column', milliColumn }, origin: 'image', by: 'Jane Official', at: '2026-06-14T15:21:00.000Z' });
export const keyedMark = (id: string, ns: bigint, origin: 'typed' | 'hand'): Mark => ({ competitorId: id, position: { kind: 'time', ns: ns.toString() }, origin, by: 'Jane Official', at: '2026-06-14T15:21:00.000Z' });

export function viewOnFixture(fx: ExportFixture, race: RaceOnFixture): RaceView {
  const revision = race.revision ?? 1;
  const record = { competitors: race.competitors, marks: race.marks, deadHeats: race.deadHeats ?? [], statuses: race.statuses ?? [], amendments: race.amendments ?? [], revision };
  const doc = { settings: { sport: { sport: race.sport }, direction: 'ltr' as const }, ...record };
  const results = computeResults({ doc, times: fx.view.timesNs.map((t) => BigInt(t)), gaps: fx.view.evidence.gaps, rate: fx.view.evidence.measured.rate });
  return {
    ...fx.view,
    sport: { sport: race.sport },
    ...record,
    results: { ...results, certified: Boolean(fx.view.certified), event: fx.view.results.event },
    certified: fx.view.certified ? { ...fx.view.certified, revision } : null,
  };
}
