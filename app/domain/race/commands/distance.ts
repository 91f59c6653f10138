/**
 * The judge's distance: in horse racing the judge may amend the distance the scale computed behind the previous
 * finisher (British rules allow it), with a reason. Refused outside horse racing, for a competitor without a mark,
 * and for a name the race's distance table does not hold.
 */
import { UserError } from '../../errors.js';
import { DEFAULT_DISTANCE_TABLE } from '../../sports/distances.js';
import type { Change } from './index.js';
import type { DistanceOverride } from '../distance-override.js';
import type { RaceState } from '../replay.js';
import { editableCompetitor } from './guards.js';

export interface SetDistanceRequest {
  competitorId: string;
  distance: string;
  reason: string;
  by: string;
  at: string;
}

export function setDistance(state: RaceState, req: SetDistanceRequest): Change<'distance.set'> {
  const { doc } = state;
  const id = req.competitorId;
  editableCompetitor(doc, id, `set the distance of competitor ${id}`);
  if (doc.settings.sport.sport !== 'horse') throw new UserError(`a judge's distance applies to horse racing; this race follows ${doc.settings.sport.sport} rules`, 'INVALID_ARGUMENT');
  if (!doc.marks.some((m) => m.competitorId === id)) throw new UserError(`competitor ${id} has no mark: a distance is behind the finisher ahead`, 'CONFLICT');
  const table = doc.settings.sport.distanceTable ?? DEFAULT_DISTANCE_TABLE;
  const wanted = req.distance.trim().toLowerCase().replace(/\s+lengths?$/, '');
  const entry = table.find((d) => d.lengths > 0 && d.name.toLowerCase() === wanted);
  if (!entry) {
    const names = table.filter((d) => d.lengths > 0).slice(0, 8).map((d) => d.name);
    throw new UserError(`"${req.distance}" is not a distance of this race's table (${names.join(', ')}, …)`, 'INVALID_ARGUMENT');
  }
  if (req.reason.trim().length < 3) throw new UserError(`a judge's distance needs a reason (at least 3 characters), got "${req.reason.trim()}"`, 'INVALID_ARGUMENT');
  const before = doc.distanceOverrides?.find((d) => d.competitorId === id) ?? null;
  const after: DistanceOverride = { competitorId: id, distance: entry.name, reason: req.reason.trim(), by: req.by, at: req.at };
  return { action: 'distance.set', payload: { change: { slice: 'distance', competitorId: id, before, after } } };
}

export function clearDistance(state: RaceState, competitorId: string): Change<'distance.cleared'> {
  const { doc } = state;
  editableCompetitor(doc, competitorId, `clear the distance of competitor ${competitorId}`);
  const before = doc.distanceOverrides?.find((d) => d.competitorId === competitorId);
  if (!before) throw new UserError(`competitor ${competitorId} has no judge's distance to clear`, 'NOT_FOUND');
  return { action: 'distance.cleared', payload: { change: { slice: 'distance', competitorId, before, after: null } } };
}
