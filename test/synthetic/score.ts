/**
 * Runs the detector on a synthetic race exactly as the app would (render footage, build the race with the real
 * build, detect on the race folder) and scores the suggestions against the ground truth.
 */
import path from 'node:path';
import { buildRequest } from '../../app/api/methods/build.js';
import type { EdgeSuggestion } from '../../app/api/types.js';
import { detectEdgesForRace } from '../../app/detection/detect-race.js';
import { buildRace } from '../../app/imaging/race-builder/build-race.js';
import { renderSyntheticRace, type SyntheticScenario } from './synthetic-race.js';

export interface EdgeScore {
  id: string;
  truthS: number;
  foundS: number;
  /** Signed error in frame intervals and in milliseconds (found − truth). */
  errorFrames: number;
  errorMs: number;
  uncertaintyMs: number;
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
}

export async function scoreScenario(s: SyntheticScenario, workDir: string): Promise<ScenarioScore> {
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
  const t0 = performance.now();
  const edges = await detectEdgesForRace(racePath);
  const detectMs = performance.now() - t0;
  // Pair truth and suggestions nearest in time first; anything further than two intervals apart is unmatched.
  const pairs: { t: number; e: number; d: number }[] = [];
  race.truth.forEach((tr, t) => edges.forEach((ed, e) => pairs.push({ t, e, d: Math.abs(ed.time_s - tr.crossingS) })));
  pairs.sort((a, b) => a.d - b.d);
  const usedT = new Set<number>();
  const usedE = new Set<number>();
  const matched = new Map<number, number>();
  for (const p of pairs) {
    if (usedT.has(p.t) || usedE.has(p.e) || p.d > 2 * race.intervalS) continue;
    usedT.add(p.t);
    usedE.add(p.e);
    matched.set(p.t, p.e);
  }
  const scores: EdgeScore[] = [];
  race.truth.forEach((tr, t) => {
    const e = matched.get(t);
    if (e === undefined) return;
    const found = edges[e] as EdgeSuggestion;
    const err = found.time_s - tr.crossingS;
    scores.push({ id: tr.id, truthS: tr.crossingS, foundS: found.time_s, errorFrames: err / race.intervalS, errorMs: err * 1000, uncertaintyMs: found.uncertainty_s * 1000, direction: found.direction });
  });
  let orderRight = true;
  for (const a of scores) {
    for (const b of scores) {
      if (b.truthS - a.truthS >= 0.2 * race.intervalS && !(b.foundS > a.foundS)) orderRight = false;
    }
  }
  const abs = scores.map((x) => Math.abs(x.errorFrames)).sort((x, y) => x - y);
  return {
    name: s.name,
    fps: s.fps,
    edges: scores,
    missed: race.truth.filter((_, t) => !matched.has(t)).map((tr) => tr.id),
    falseEdges: edges.filter((_, e) => !usedE.has(e)),
    orderRight: orderRight && scores.length === race.truth.length,
    medianAbsFrames: abs.length ? (abs[Math.floor((abs.length - 1) / 2)] as number + (abs[Math.ceil((abs.length - 1) / 2)] as number)) / 2 : NaN,
    worstAbsFrames: abs.length ? (abs[abs.length - 1] as number) : NaN,
    detectMs,
  };
}
