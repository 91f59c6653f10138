/**
 * The result officials sign: finishing order by time, each finisher's time, margins behind the winner and behind
 * the previous finisher, the evidence's resolution at the mark, and the sport's published strings. Ties at the
 * sport's reading precision share a place and are flagged; a declared dead heat (an official's decision) groups
 * its finishers, who share the place even where the picture shows a gap. Competitors without a mark follow,
 * without a place, in start-list order.
 */
import type { FinisherResult, ResultsReport } from './results-report.js';
import type { RaceDocument } from '../race/document.js';
import type { DropGap } from '../race/evidence.js';
import { evidenceAtMark, markTime } from '../marks/interpolate.js';
import { sportProfile } from '../sports/profiles.js';
import { ticksToSeconds, type Ticks } from '../time/ticks.js';

export interface ResultsInput {
  doc: Pick<RaceDocument, 'settings' | 'competitors' | 'marks' | 'deadHeats' | 'revision' | 'certified'> & Partial<Pick<RaceDocument, 'amendments'>>;
  times: readonly Ticks[];
  gaps: readonly Pick<DropGap, 'afterColumn'>[];
}

interface Timed {
  id: string;
  time: Ticks;
  key: bigint;
  /** Dead-heat group (index into the active dead heats) or -1. */
  group: number;
  order: number;
}

export function computeResults(input: ResultsInput): ResultsReport {
  const { doc, times } = input;
  const profile = sportProfile(doc.settings.sport);
  const gapAfter = input.gaps.map((g) => g.afterColumn);
  const marks = new Map(doc.marks.map((m) => [m.competitorId, m]));
  const startOrder = new Map(doc.competitors.map((c, i) => [c.id, i]));
  const competitorsById = new Map(doc.competitors.map((c) => [c.id, c]));

  const timed: Timed[] = doc.marks
    .filter((m) => startOrder.has(m.competitorId))
    .map((m) => {
      const time = markTime(m, times);
      return { id: m.competitorId, time, key: profile.tieKey(time), group: -1, order: startOrder.get(m.competitorId) ?? 0 };
    });

  // A dead heat applies to its members that have a mark; with fewer than two it decides nothing.
  const byId = new Map(timed.map((t) => [t.id, t]));
  doc.deadHeats.forEach((dh, g) => {
    const members = dh.competitors.map((id) => byId.get(id)).filter((t): t is Timed => t !== undefined);
    if (members.length < 2) return;
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
  timed.sort((a, b) => cmp(rankKey(a), rankKey(b)) || (a.group === b.group ? 0 : a.group < 0 ? 1 : b.group < 0 ? -1 : a.group - b.group) || cmp(a.time, b.time) || a.order - b.order);

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
    const ev = mark ? evidenceAtMark(mark, times, gapAfter) : null;
    const display = { time: t.time, previous: prev?.time ?? null, isWinner: place === 1, deadHeatWithPrevious: sameGroup };
    const row: FinisherResult = {
      place,
      competitor: t.id,
      name: competitor?.name ?? '',
      ...(competitor?.team ? { team: competitor.team } : {}),
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
    if ((tiedWithPrev && !sameGroup) || tiedWithNext) row.tie = true;
    if (ev?.inGap) row.near_gap = true;
    finishers.push(row);
  });

  for (const c of doc.competitors) {
    if (byId.has(c.id)) continue;
    const row: FinisherResult = {
      place: null,
      competitor: c.id,
      name: c.name,
      ...(c.team ? { team: c.team } : {}),
      ...(c.lane ? { lane: c.lane } : {}),
      time_s: null,
      time_ns: null,
      time_display: '',
      behind_winner_s: null,
      behind_previous_s: null,
      margin_display: '',
      resolution_s: null,
      dead_heat: false,
      typed: false,
      suggested: false,
    };
    finishers.push(row);
  }
  return {
    sport: doc.settings.sport.sport,
    certified: doc.certified !== undefined,
    revision: doc.revision,
    finishers,
    amendments: doc.amendments ?? [],
    rule: profile.describe,
  };
}

/** What certification hashes: the result without its certified flag (which certification itself changes). */
export function resultsForHash(report: ResultsReport): unknown {
  return { sport: report.sport, revision: report.revision, finishers: report.finishers };
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
