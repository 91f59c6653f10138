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
import type { DeadHeat, Mark, RaceDocument, SportName } from '../race/document.js';
import type { DropGap } from '../race/evidence.js';
import { evidenceAtMark, isKeyedTime, markTime } from '../marks/interpolate.js';
import { sportProfile, type SportProfile } from '../sports/profiles.js';
import { DEFAULT_DISTANCE_TABLE, describeDistance } from '../sports/distances.js';
import { ticksToSeconds, type Ticks } from '../time/ticks.js';
import { athleticsReading } from '../sports/profiles.js';
import { exactSeconds, pictureGapText, placingKey, publishedMargin, type PublishedFrom } from './published-margin.js';
import { resultFlags } from './result-flags.js';
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
  /** What the published time is made of (rules 3: a dead-heater's is the first of the group's, the reading its own). */
  pub: PublishedFrom;
}

export function computeResults(input: ResultsInput): ResultsReport {
  const { doc, times } = input;
  const rules = input.rules ?? RESULTS_RULES;
  checkRules(rules);
  // Rules 3: one published result (published-margin.ts): placed by the picture, exact decimals, margins by the sport.
  const published = rules >= 3;
  const sport = doc.settings.sport.sport;
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
  const seconds = published ? exactSeconds : ticksToSeconds;

  const timed: Timed[] = doc.marks
    .filter((m) => startOrder.has(m.competitorId) && !disqualified.has(m.competitorId))
    .map((m) => {
      const time = markTime(m, times, zero);
      const hand = m.origin === 'hand';
      const key = published ? placingKey(time, hand) : profile.tieKey(time, hand);
      return { id: m.competitorId, time, key, group: -1, order: startOrder.get(m.competitorId) ?? 0, hand, pub: { time, hand } };
    });

  // A dead heat applies to its members that have a mark, and only while the marks support it.
  const byId = new Map(timed.map((t) => [t.id, t]));
  const unsupported: { deadHeat: DeadHeat; why: string }[] = [];
  doc.deadHeats.forEach((dh, g) => {
    const members = dh.competitors.map((id) => byId.get(id)).filter((t): t is Timed => t !== undefined);
    if (members.length < 2) return;
    const why = deadHeatRefusal(sport, members.map((m) => marks.get(m.id) as Mark), times, zero);
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
  if (published) shareDeadHeat(timed, (t, lead) => (t.pub = lead.pub));
  else if (rules >= 2) {
    shareDeadHeat(timed, (t, lead) => {
      t.time = lead.time;
      t.hand = lead.hand;
    });
  }

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
      time_s: seconds(t.time),
      time_ns: t.time.toString(),
      time_display: profile.time(published ? { ...display, time: t.pub.time, hand: t.pub.hand } : display),
      behind_winner_s: i === 0 || !winner ? null : ticksToSeconds(t.time - winner.time),
      behind_previous_s: prev === null ? null : ticksToSeconds(t.time - prev.time),
      margin_display: profile.margin(display),
      resolution_s: ev?.resolution != null ? seconds(ev.resolution) : null,
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
    // The published margins every face prints (the legacy fields above stay as the rules before 3 hashed them).
    Object.assign(row, publishedFields({ sport, profile, t, prev, winner, place, sameGroup, judged, published, members: (g) => timed.filter((o) => o.group === g).map((o) => o.id) }));
    row.flags = resultFlags(row);
    finishers.push(row);
  });

  const others = otherResults(doc.competitors, new Set(byId.keys()), statuses, marks, times, (m, time) =>
    profile.time({ time, previous: null, isWinner: true, deadHeatWithPrevious: false, hand: m.origin === 'hand' }),
    zero,
    seconds,
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
    rules,
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
    start: startInfo(doc.start, seconds),
    zero_control: zeroControlInfo(doc.zeroControl, seconds),
  };
}

export { resultsForHash } from './results-hash.js';

interface RowContext {
  sport: SportName;
  profile: SportProfile;
  t: Timed;
  prev: Timed | null;
  winner: Timed | undefined;
  place: number;
  /** In the same declared dead heat as the one ahead: no margin between them. */
  sameGroup: boolean;
  judged: { text: string } | null;
  /** Rules 3: the published margins replace the legacy fields (earlier rules keep theirs for their hashes). */
  published: boolean;
  members(group: number): string[];
}

/** The published margins, the readings' differences under their own names, the dead-heat group and the row's notes. */
function publishedFields(c: RowContext): Partial<FinisherResult> {
  const { sport, profile, t, prev, winner } = c;
  const behindWinner = c.place === 1 || !winner ? null : publishedMargin(sport, profile, t.pub, winner.pub);
  const behindPrevious = prev === null || c.sameGroup ? null : c.judged ? { display: c.judged.text, seconds: null } : publishedMargin(sport, profile, t.pub, prev.pub);
  const lengthsSport = profile.lengths !== undefined;
  const notes: string[] = [];
  // Equal at the 1/1000 s athletics reads to, yet apart on the picture: placed by the picture, the note says so.
  if (c.published && sport === 'athletics' && prev && !c.sameGroup && !t.hand && !prev.hand && prev.key !== t.key && athleticsReading(prev.time) === athleticsReading(t.time)) {
    notes.push(`separated on the picture by ${pictureGapText(t.time - prev.time)} from #${prev.id}`);
  }
  const fields: Partial<FinisherResult> = {
    behind_winner_display: lengthsSport ? '' : (behindWinner?.display ?? ''),
    behind_previous_display: behindPrevious?.display ?? '',
    reading_behind_winner_s: !winner || t === winner ? null : exactSeconds(t.time - winner.time),
    reading_behind_previous_s: prev === null ? null : exactSeconds(t.time - prev.time),
    dead_heat_group: t.group >= 0 ? c.members(t.group) : null,
    notes,
  };
  if (!c.published) return fields;
  return {
    ...fields,
    behind_winner_s: lengthsSport ? null : (behindWinner?.seconds ?? null),
    behind_previous_s: lengthsSport ? null : (behindPrevious?.seconds ?? null),
    margin_display: fields.behind_previous_display as string,
    ...(lengthsSport ? { lengths_display: fields.behind_previous_display as string } : {}),
  };
}

/**
 * Dead-heaters share one published time, the time of the first of them as read (`timed` is sorted: the first member
 * of a group is its earliest), and so no margin between them, as every sport publishes a dead heat. Rules 2 (kept for
 * its certifications) replaced the reading itself, so its `time_s` was the first one's; rules 3 share only what the
 * published time is made of, and each keeps its own reading.
 */
function shareDeadHeat(timed: Timed[], share: (t: Timed, lead: Timed) => void): void {
  const first = new Map<number, Timed>();
  for (const t of timed) {
    if (t.group < 0) continue;
    const lead = first.get(t.group);
    if (!lead) first.set(t.group, t);
    else share(t, lead);
  }
}

/** The judge's distance for a competitor, as the result prints it ("short head", "1½ lengths"), where one is set. */
function judgeDistance(doc: ResultsInput['doc'], id: string): { text: string; reason: string; by: string } | null {
  const o = doc.distanceOverrides?.find((d) => d.competitorId === id);
  if (!o || doc.settings.sport.sport !== 'horse') return null;
  const entry = (doc.settings.sport.distanceTable ?? DEFAULT_DISTANCE_TABLE).find((d) => d.name === o.distance);
  return entry ? { text: describeDistance(entry), reason: o.reason, by: o.by } : null;
}
