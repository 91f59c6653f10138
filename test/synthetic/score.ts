/**
 * Runs the detector on a synthetic race exactly as the app would (render footage, build the race with the real
 * build, detect on the race folder) and scores the suggestions against the ground truth. `lineScan` scenarios are
 * rendered as a native line-scan image instead of frames.
 */
import path from 'node:path';
import { buildRequest } from '../../app/api/methods/build.js';
import type { EdgeSuggestion } from '../../app/api/types.js';
import { detectEdgesForRace } from '../../app/detection/detect-race.js';
import { buildRace } from '../../app/imaging/race-builder/build-race.js';
import { renderSyntheticLineScan } from './synthetic-linescan.js';
import { renderSyntheticRace, type SyntheticScenario, type SyntheticTruth } from './synthetic-race.js';

export interface EdgeScore {
  id: string;
  truthS: number;
  foundS: number;
  /** Signed error in frame intervals and in milliseconds (found − truth). */
  errorFrames: number;
  errorMs: number;
  uncertaintyMs: number;
  /** |error| over the stated uncertainty. */
  sigmas: number;
  calibrated: boolean;
  flags: EdgeSuggestion['flags'];
  /** Flags the truth calls for (on the line at the start or end of the recording). */
  expectedFlags: EdgeSuggestion['flags'];
  direction: EdgeSuggestion['direction'];
}

export interface ScenarioScore {
  name: string;
  fps: number;
  edges: EdgeScore[];
  missed: string[];
  falseEdges: EdgeSuggestion[];
  /** Order of every pair of competitors at least 0.2 frame interval apart is right. */
  orderRight: boolean;
  medianAbsFrames: number;
  worstAbsFrames: number;
  detectMs: number;
  /** Bodies that got a second suggestion (an unmatched one in their rows, at or after their crossing). */
  splitBodies: string[];
  /** Unmatched suggestions that belong to no body: phantoms (shadows, reflections, lighting, the background). */
  phantoms: EdgeSuggestion[];
  /** Every suggestion's confidence and whether it matched a crossing within half a frame interval. */
  suggestions: { confidence: number; withinHalf: boolean; lowConfidence: boolean }[];
}

export type ScoredScenario = SyntheticScenario & { lineScan?: boolean };

export async function scoreScenario(s: ScoredScenario, workDir: string): Promise<ScenarioScore> {
  const { racePath, truth, intervalS } = await buildScenario(s, workDir);
  const t0 = performance.now();
  const edges = await detectEdgesForRace(racePath);
  const detectMs = performance.now() - t0;
  return { ...scoreEdges(edges, truth, intervalS), name: s.name, fps: s.fps, detectMs };
}

async function buildScenario(s: ScoredScenario, workDir: string): Promise<{ racePath: string; truth: SyntheticTruth[]; intervalS: number }> {
  if (s.lineScan) {
    const scan = await renderSyntheticLineScan(s, path.join(workDir, 'source'));
    const { racePath } = await buildRace(
      buildRequest.parse({ source: scan.file, out: path.join(workDir, 'race'), timing: { kind: 'line-rate', rate: String(scan.rate) }, name: s.name }),
    );
    return { racePath, truth: scan.truth, intervalS: scan.intervalS };
  }
  const race = await renderSyntheticRace(s, path.join(workDir, 'source'));
  const { racePath } = await buildRace(
    buildRequest.parse({
      source: race.framesDir,
      out: path.join(workDir, 'race'),
      line: race.line,
      timing: { kind: 'timestamps', file: race.timestampsFile },
      name: s.name,
    }),
  );
  return { racePath, truth: race.truth, intervalS: race.intervalS };
}

/** Pairs truth and suggestions nearest in time first; anything further than two intervals apart is unmatched. */
export function scoreEdges(edges: readonly EdgeSuggestion[], truth: readonly SyntheticTruth[], intervalS: number): Omit<ScenarioScore, 'name' | 'fps' | 'detectMs'> {
  const matched = matchEdges(edges, truth, intervalS);
  const usedE = new Set(matched.values());
  // An unmatched suggestion in a body's rows, at or after its crossing, is a second suggestion for that body.
  const owner = (e: EdgeSuggestion) =>
    truth
      .filter((tr) => tr.across[1] > tr.across[0] && overlapShare(e.rows, tr.across) >= 0.5 && e.time_s >= tr.crossingS - 2 * intervalS)
      .sort((a, b) => b.crossingS - a.crossingS)[0];
  const unmatched = edges.filter((_, e) => !usedE.has(e));
  const split = new Set(unmatched.map(owner).filter((tr) => tr !== undefined).map((tr) => tr.id));
  const withinHalf = new Set([...matched].filter(([t, e]) => Math.abs((edges[e] as EdgeSuggestion).time_s - (truth[t] as SyntheticTruth).crossingS) <= 0.5 * intervalS).map(([, e]) => e));
  return {
    ...scoreMatched(edges, truth, intervalS, matched),
    splitBodies: [...split],
    phantoms: unmatched.filter((e) => owner(e) === undefined),
    suggestions: edges.map((e, i) => ({ confidence: e.confidence, withinHalf: withinHalf.has(i), lowConfidence: e.flags.includes('low-confidence') })),
  };
}

/** Share of rows [a0, a1] that lie within [b0, b1]. */
function overlapShare(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]) + 1) / Math.max(1, a[1] - a[0] + 1);
}

/** Truth index → suggestion index, nearest in time first, at most two intervals apart. */
function matchEdges(edges: readonly EdgeSuggestion[], truth: readonly SyntheticTruth[], intervalS: number): Map<number, number> {
  const pairs: { t: number; e: number; d: number }[] = [];
  truth.forEach((tr, t) => edges.forEach((ed, e) => pairs.push({ t, e, d: Math.abs(ed.time_s - tr.crossingS) })));
  pairs.sort((a, b) => a.d - b.d);
  const usedT = new Set<number>();
  const usedE = new Set<number>();
  const matched = new Map<number, number>();
  for (const p of pairs) {
    if (usedT.has(p.t) || usedE.has(p.e) || p.d > 2 * intervalS) continue;
    usedT.add(p.t);
    usedE.add(p.e);
    matched.set(p.t, p.e);
  }
  return matched;
}

function scoreMatched(
  edges: readonly EdgeSuggestion[],
  truth: readonly SyntheticTruth[],
  intervalS: number,
  matched: Map<number, number>,
): Omit<ScenarioScore, 'name' | 'fps' | 'detectMs' | 'splitBodies' | 'phantoms' | 'suggestions'> {
  const usedE = new Set(matched.values());
  const scores: EdgeScore[] = [];
  truth.forEach((tr, t) => {
    const e = matched.get(t);
    if (e === undefined) return;
    const found = edges[e] as EdgeSuggestion;
    const err = found.time_s - tr.crossingS;
    const expectedFlags: EdgeSuggestion['flags'] = [];
    if (tr.onLineAtStart) expectedFlags.push('on-line-at-start');
    if (tr.onLineAtEnd) expectedFlags.push('on-line-at-end');
    scores.push({
      id: tr.id,
      truthS: tr.crossingS,
      foundS: found.time_s,
      errorFrames: err / intervalS,
      errorMs: err * 1000,
      uncertaintyMs: found.uncertainty_s * 1000,
      sigmas: Math.abs(err) / found.uncertainty_s,
      calibrated: found.uncertainty_calibrated,
      flags: found.flags,
      expectedFlags,
      direction: found.direction,
    });
  });
  let orderRight = true;
  for (const a of scores) {
    for (const b of scores) {
      if (b.truthS - a.truthS >= 0.2 * intervalS && !(b.foundS > a.foundS)) orderRight = false;
    }
  }
  const abs = scores.map((x) => Math.abs(x.errorFrames)).sort((x, y) => x - y);
  return {
    edges: scores,
    missed: truth.filter((_, t) => !matched.has(t)).map((tr) => tr.id),
    falseEdges: edges.filter((_, e) => !usedE.has(e)),
    orderRight: orderRight && scores.length === truth.length,
    medianAbsFrames: abs.length ? ((abs[Math.floor((abs.length - 1) / 2)] as number) + (abs[Math.ceil((abs.length - 1) / 2)] as number)) / 2 : NaN,
    worstAbsFrames: abs.length ? (abs[abs.length - 1] as number) : NaN,
  };
}
