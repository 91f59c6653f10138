/**
 * The judge's distance: in horse racing the judge may amend the distance the scale computed behind the previous
 * finisher, with a reason, within the limits British racing sets. The BHA ("Does the Judge have any discretion to
 * alter distances?", FAQ, 29 April 2014): "If however the actual physical distance appears to be different from that
 * calculated then the Judge has it within his powers to alter the distance to that which is physically seen. This
 * would be done for the first three distances up to three lengths." Implemented as:
 *   - only the first three distances: behind the 2nd, 3rd and 4th finishers (the winner has none);
 *   - by at most three lengths: the judged distance differs from the computed one by 3 lengths or less.
 * Refused outside horse racing, for a competitor without a mark, for a name the race's distance table does not
 * hold, and beyond those limits.
 */
import { UserError } from '../../errors.js';
import { DEFAULT_DISTANCE_TABLE, describeDistance, type DistanceName } from '../../sports/distances.js';
import { computeResults } from '../../results/compute-results.js';
import type { Ticks } from '../../time/ticks.js';
import type { Change } from './index.js';
import type { DistanceOverride } from '../distance-override.js';
import type { RaceState } from '../replay.js';
import { editableCompetitor } from './guards.js';

/** The first three distances, by at most three lengths (see above). */
export const JUDGE_DISTANCES = 3;
export const JUDGE_MAX_CHANGE_LENGTHS = 3;

/** The race's evidence the limits are checked against: the column times and gaps the result is computed from. */
export interface DistanceEvidence {
  times: readonly Ticks[];
  gaps: readonly { afterColumn: number }[];
}

export interface SetDistanceRequest {
  competitorId: string;
  distance: string;
  reason: string;
  by: string;
  at: string;
}

export function setDistance(state: RaceState, req: SetDistanceRequest, evidence?: DistanceEvidence): Change<'distance.set'> {
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
  if (evidence) checkJudgeLimits(state, id, entry, table, evidence);
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

/** Refuses a judge's distance outside the first three distances, or more than three lengths from the computed one. */
function checkJudgeLimits(state: RaceState, id: string, entry: DistanceName, table: readonly DistanceName[], evidence: DistanceEvidence): void {
  const { doc } = state;
  // The distance as computed: the result without this competitor's own judged distance.
  const computedDoc = { ...doc, distanceOverrides: (doc.distanceOverrides ?? []).filter((d) => d.competitorId !== id) };
  const finishers = computeResults({ doc: computedDoc, times: evidence.times, gaps: evidence.gaps }).finishers.filter((f) => f.place !== null);
  const at = finishers.findIndex((f) => f.competitor === id);
  if (at < 1) throw new UserError(`competitor ${id} is not behind another finisher: the winner has no distance to amend`, 'CONFLICT');
  if (at > JUDGE_DISTANCES) {
    throw new UserError(
      `competitor ${id} is finisher ${at + 1}: the judge may amend only the first ${JUDGE_DISTANCES} distances (behind the 2nd, 3rd and 4th), per the BHA`,
      'INVALID_ARGUMENT',
    );
  }
  const computedText = finishers[at]?.lengths_display ?? '';
  const computed = table.find((d) => describeDistance(d) === computedText);
  if (!computed) return;
  const change = Math.abs(entry.lengths - computed.lengths);
  if (change > JUDGE_MAX_CHANGE_LENGTHS) {
    throw new UserError(
      `"${entry.name}" is ${change} lengths from the computed ${computedText}: the judge may amend a distance by at most ${JUDGE_MAX_CHANGE_LENGTHS} lengths, per the BHA`,
      'INVALID_ARGUMENT',
    );
  }
}
