/**
 * What certification hashes, and `verify` recomputes: the result without its certified flag (which certification
 * itself changes), its checks or its event (which describe it). A certification made before competitors could be
 * given a status listed the unplaced among the finishers, without a place; the hashed form keeps that shape while
 * nobody has a status, so every earlier certification still verifies. Fields the result gained later are hashed
 * only where they say something (a hand time, a status, a time zero).
 */
import type { FinisherResult, ResultsReport } from './results-report.js';
import type { OtherResult } from './others.js';

/** What rules 3 added to every row (the faces' published fields); a result by earlier rules is hashed without them. */
const RULES_3_FIELDS = ['behind_winner_display', 'behind_previous_display', 'reading_behind_winner_s', 'reading_behind_previous_s', 'dead_heat_group', 'flags', 'notes'] as const;

function withoutRules3Fields(f: FinisherResult): FinisherResult {
  const row: Partial<FinisherResult> = { ...f };
  for (const k of RULES_3_FIELDS) delete row[k];
  return row as FinisherResult;
}

export function resultsForHash(report: Pick<ResultsReport, 'rules' | 'sport' | 'revision' | 'finishers' | 'others' | 'start' | 'zero_control'>): unknown {
  const all = report.finishers.filter((f) => f.place !== null);
  const placed = (report.rules ?? 1) >= 3 ? all : all.map(withoutRules3Fields);
  const others: readonly OtherResult[] = report.others ?? [];
  const withStatus = others.some((o) => o.status !== 'unmarked');
  // Time zero joins the hash only once set (every time depends on it), so races certified before it existed verify.
  const start = report.start?.method ? { start: report.start, zero_control: report.zero_control ?? null } : {};
  if (withStatus) return { sport: report.sport, revision: report.revision, finishers: placed, others, ...start };
  return { sport: report.sport, revision: report.revision, finishers: [...placed, ...others.map(unplacedRow)], ...start };
}

/** An unmarked competitor as the result listed it before `others` existed. */
function unplacedRow(o: OtherResult): FinisherResult {
  return {
    place: null,
    competitor: o.competitor,
    name: o.name,
    ...(o.team ? { team: o.team } : {}),
    ...(o.lane ? { lane: o.lane } : {}),
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
}
