/**
 * The result officials sign: finishing order by time, each finisher's time, margins behind the winner and behind
 * the previous finisher, the evidence's resolution at the mark, and the sport's published strings. Ties at the
 * sport's reading precision share a place and are flagged; a declared dead heat (an official's decision, which
 * the marks must support: dead-heat-rule.ts) groups its finishers, who share the place. Competitors who take no
 * place (DNS, DNF, DQ, or neither mark nor status) are listed in `others`; the rule checks come with the result.
 * What a result contains is versioned (results-rules.ts): `verify` recomputes a certification by the rules it recorded.
 */
import type { FinisherResult, ResultsReport } from './results-report.js';
import { eventInfo } from '../event/race-event.js';
import { affiliationOf } from '../race/affiliation.js';
import type { DeadHeat, Mark, RaceDocument } from '../race/document.js';
import type { DropGap } from '../race/evidence.js';
import { evidenceAtMark, isKeyedTime, markTime } from '../marks/interpolate.js';
import { sportProfile } from '../sports/profiles.js';
import { DEFAULT_DISTANCE_TABLE, describeDistance } from '../sports/distances.js';
import { ticksToSeconds, type Ticks } from '../time/ticks.js';
import { compareTicks } from '../time/time-map.js';
import { ruleChecks } from './checks.js';
import { checkRules, RESULTS_RULES } from './results-rules.js';
import { deadHeatRefusal } from './dead-heat-rule.js';
import { otherResults } from './others.js';
import { startInfo, zeroControlInfo } from '../start/start-json.js';
import { zeroOf } from '../start/start-record.js';
import { startChecks } from '../start/start-checks.js';
import { eventChecks } from '../event/event-checks.js';
import { rateChecks } from '../race/rate-source.js';
import type { EvidenceManifest } from '../race/evidence.js';

export interface ResultsInput {
  doc: Pick<RaceDocument, 'settings' | 'competitors' | 'marks' | 'deadHeats' | 'revision' | 'certified'> &
    Partial<Pick<RaceDocument, 'amendments' | 'statuses' | 'withdrawnDeadHeats' | 'event' | 'meta' | 'distanceOverrides' | 'start' | 'zeroControl'>>;
  times: readonly Ticks[];
  gaps: readonly Pick<DropGap, 'afterColumn'>[];
  /** Measured images per second of the evidence (for the athletics rate check). */
  rate?: number;
  /** The result rules version (results-rules.ts); default the current one. A certification's own for `verify`. */
  rules?: number;
  /** The evidence the checks compare with (a given rate against the footage's own; the zero control's recording). */
  evidence?: Pick<EvidenceManifest, 'timing' | 'measured' | 'source'>;
}

interface Timed {
  id: string;
  time: Ticks;
  key: bigint;
  /** Dead-heat group (index into the active dead heats) or -1. */
  group: number;
  order: number;
  hand: boolean;
}

export function computeResults(input: ResultsInput): ResultsReport {
  const { doc, times } = input;
  const rules = input.rules ?? RESULTS_RULES;
  checkRules(rules);
  const profile = sportProfile(doc.settings.sport, rules);
  const gapAfter = input.gaps.map((g) => g.afterColumn);
  const marks = new Map(doc.marks.map((m) => [m.competitorId, m]));
  const startOrder = new Map(doc.competitors.map((c, i) => [c.id, i]));
  const competitorsById = new Map(doc.competitors.map((c) => [c.id, c]));
  const statuses = doc.statuses ?? [];
  // A disqualified competitor keeps the mark for the record but takes no place.
  const disqualified = new Set(statuses.filter((s) => s.status === 'DQ').map((s) => s.competitorId));
  // Race times run from time zero; before a start is set they stay on the footage clock (zero 0).
  const zero = zeroOf(doc);

  const timed: Timed[] = doc.marks
    .filter((m) => startOrder.has(m.competitorId) && !disqualified.has(m.competitorId))
    .map((m) => {
      const time = markTime(m, times, zero);
      const hand = m.origin === 'hand';
      return { id: m.competitorId, time, key: profile.tieKey(time, hand), group: -1, order: startOrder.get(m.competitorId) ?? 0, hand };
    });

  // A dead heat applies to its members that have a mark, and only while the marks support it.
  const byId = new Map(timed.map((t) => [t.id, t]));
  const unsupported: { deadHeat: DeadHeat; why: string }[] = [];
  doc.deadHeats.forEach((dh, g) => {
    const members = dh.competitors.map((id) => byId.get(id)).filter((t): t is Timed => t !== undefined);
    if (members.length < 2) return;
    const why = deadHeatRefusal(doc.settings.sport.sport, members.map((m) => marks.get(m.id) as Mark), times, zero);
    if (why) {
      unsupported.push({ deadHeat: dh, why });
      return;
    }
    for (const m of members) m.group = g;
  });
  // A dead-heat group ranks where its first member does.
  const groupKey = new Map<number, bigint>();
  for (const t of timed) {
    if (t.group < 0) continue;
    const k = groupKey.get(t.group);
    if (k === undefined || t.key < k) groupKey.set(t.group, t.key);
  }
  const rankKey = (t: Timed) => (t.group >= 0 ? (groupKey.get(t.group) as bigint) : t.key);
  timed.sort((a, b) => compareTicks(rankKey(a), rankKey(b)) || (a.group === b.group ? 0 : a.group < 0 ? 1 : b.group < 0 ? -1 : a.group - b.group) || compareTicks(a.time, b.time) || a.order - b.order);
  if (rules >= 2) shareDeadHeatTimes(timed);

  const winner = timed[0];
  const finishers: FinisherResult[] = [];
  let place = 0;
  timed.forEach((t, i) => {
    const prev = i > 0 ? (timed[i - 1] as Timed) : null;
    const sameGroup = prev !== null && t.group >= 0 && prev.group === t.group;
    const tiedWithPrev = prev !== null && (sameGroup || (t.group < 0 && prev.group < 0 && prev.key === t.key));
    if (!tiedWithPrev) place = i + 1;
    const tiedWithNext = (() => {
      const next = timed[i + 1];
      return next !== undefined && t.group < 0 && next.group < 0 && next.key === t.key;
    })();
    const mark = marks.get(t.id);
    const competitor = competitorsById.get(t.id);
    // A keyed-in time was not read from the picture: no frame interval or gap applies to it (since rules 2).
    const ev = mark && !(rules >= 2 && isKeyedTime(mark)) ? evidenceAtMark(mark, times, gapAfter, zero) : null;
    const display = { time: t.time, previous: prev?.time ?? null, isWinner: place === 1, deadHeatWithPrevious: sameGroup, hand: t.hand, previousHand: prev?.hand ?? false };
    const row: FinisherResult = {
      place,
      competitor: t.id,
      name: competitor?.name ?? '',
      ...(affiliationOf(competitor) ? { team: affiliationOf(competitor) } : {}),
      ...(competitor?.lane ? { lane: competitor.lane } : {}),
      time_s: ticksToSeconds(t.time),
      time_ns: t.time.toString(),
      time_display: profile.time(display),
      behind_winner_s: i === 0 || !winner ? null : ticksToSeconds(t.time - winner.time),
      behind_previous_s: prev === null ? null : ticksToSeconds(t.time - prev.time),
      margin_display: profile.margin(display),
      resolution_s: ev?.resolution != null ? ticksToSeconds(ev.resolution) : null,
      dead_heat: t.group >= 0,
      typed: mark?.origin === 'typed',
      suggested: mark?.origin === 'suggestion',
    };
    if (profile.lengths) row.lengths_display = profile.lengths(display);
    if (t.hand) row.hand = true;
    const judged = prev !== null && !sameGroup ? judgeDistance(doc, t.id) : null;
    if (judged && row.lengths_display !== undefined) {
      row.judge_distance = { computed: row.lengths_display, reason: judged.reason, by: judged.by };
      row.lengths_display = judged.text;
      row.margin_display = judged.text;
    }
    if ((tiedWithPrev && !sameGroup) || tiedWithNext) row.tie = true;
    if (ev?.inGap) row.near_gap = true;
    finishers.push(row);
  });

  const others = otherResults(doc.competitors, new Set(byId.keys()), statuses, marks, times, (m, time) =>
    profile.time({ time, previous: null, isWinner: true, deadHeatWithPrevious: false, hand: m.origin === 'hand' }),
    zero,
  );
  const checks = ruleChecks({
    sport: doc.settings.sport.sport,
    finishers,
    others,
    marks: doc.marks,
    deadHeats: doc.deadHeats,
    unsupported,
    withdrawn: doc.withdrawnDeadHeats ?? [],
    ...(input.rate !== undefined ? { rate: input.rate } : {}),
  });
  return {
    sport: doc.settings.sport.sport,
    certified: doc.certified !== undefined,
    revision: doc.revision,
    event: eventInfo(doc.event, doc.meta),
    finishers,
    others,
    // The record's rules, then what an official should know about time zero.
    checks: [...checks, ...startChecks(doc, input.evidence), ...rateChecks(input.evidence), ...eventChecks(doc.event)],
    amendments: doc.amendments ?? [],
    rule: profile.describe,
    start: startInfo(doc.start),
    zero_control: zeroControlInfo(doc.zeroControl),
  };
}

export { resultsForHash } from './results-hash.js';

/**
 * Dead-heaters share one published time, the time of the first of them as read (`timed` is sorted: the first member
 * of a group is its earliest), and so no margin between them, as every sport publishes a dead heat.
 */
function shareDeadHeatTimes(timed: Timed[]): void {
  const first = new Map<number, Timed>();
  for (const t of timed) {
    if (t.group < 0) continue;
    const lead = first.get(t.group);
    if (!lead) first.set(t.group, t);
    else {
      t.time = lead.time;
      t.hand = lead.hand;
    }
  }
}

/** The judge's distance for a competitor, as the result prints it ("short head", "1½ lengths"), where one is set. */
function judgeDistance(doc: ResultsInput['doc'], id: string): { text: string; reason: string; by: string } | null {
  const o = doc.distanceOverrides?.find((d) => d.competitorId === id);
  if (!o || doc.settings.sport.sport !== 'horse') return null;
  const entry = (doc.settings.sport.distanceTable ?? DEFAULT_DISTANCE_TABLE).find((d) => d.name === o.distance);
  return entry ? { text: describeDistance(entry), reason: o.reason, by: o.by } : null;
}
