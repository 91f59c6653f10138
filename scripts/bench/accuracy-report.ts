/**
 * Numbers for `npm run bench:accuracy`: per-crossing lines and per-group totals (error in frame intervals and in
 * ms, stated uncertainty, calibration: the share of errors within one and two stated standard deviations, and the
 * worst ratio). Printing only; the benchmark decides what the goals are.
 */
import type { EdgeScore, ScenarioScore } from '../../test/synthetic/score.js';

export interface GroupTotals {
  edges: number;
  medianAbsFrames: number;
  worstAbsFrames: number;
  within1: number;
  within2: number;
  beyond4: number;
  worstSigmas: number;
  missed: number;
  extra: number;
  flagsWrong: number;
}

const f3 = (n: number) => (n >= 0 ? ' ' : '') + n.toFixed(3);
const pct = (x: number) => `${(100 * x).toFixed(0)} %`;

export function edgeLine(e: EdgeScore, unit = 'frame'): string {
  const flags = e.flags.length ? `  [${e.flags.join(', ')}]` : '';
  const missing = e.expectedFlags.filter((f) => !e.flags.includes(f));
  return (
    `  ${e.id.padEnd(3)} truth ${e.truthS.toFixed(6)} s  found ${e.foundS.toFixed(6)} s  error ${f3(e.errorFrames)} ${unit} ${f3(e.errorMs)} ms  ` +
    `stated ±${e.uncertaintyMs.toFixed(3)} ms${e.calibrated ? '' : ' (not calibrated)'}  = ${e.sigmas.toFixed(2)} σ${flags}` +
    (missing.length ? `   <-- flag missing: ${missing.join(', ')}` : '')
  );
}

export function scenarioLine(score: ScenarioScore, worstGoal: number): string {
  const ok = scenarioOk(score, worstGoal);
  return (
    `  order ${score.orderRight ? 'right' : 'WRONG'}; median |error| ${score.medianAbsFrames.toFixed(3)}, worst ${score.worstAbsFrames.toFixed(3)}; ` +
    `missed ${score.missed.length ? score.missed.join(',') : 'none'}; extra suggestions ${score.falseEdges.length}${ok ? '' : '   <-- goal missed'}`
  );
}

export function scenarioOk(score: ScenarioScore, worstGoal: number): boolean {
  return score.orderRight && score.missed.length === 0 && score.falseEdges.length === 0 && score.worstAbsFrames <= worstGoal && flagsWrong(score.edges) === 0;
}

function flagsWrong(edges: readonly EdgeScore[]): number {
  return edges.filter((e) => e.expectedFlags.some((f) => !e.flags.includes(f))).length;
}

export function totals(scores: readonly ScenarioScore[]): GroupTotals {
  const edges = scores.flatMap((s) => s.edges);
  // A crossing before the recording (on the line at the start) has no time to be right about.
  const timed = edges.filter((e) => !e.expectedFlags.includes('on-line-at-start'));
  const abs = timed.map((e) => Math.abs(e.errorFrames)).sort((a, b) => a - b);
  const ratios = timed.map((e) => e.sigmas);
  const share = (k: number) => (ratios.length ? ratios.filter((r) => r <= k).length / ratios.length : NaN);
  return {
    edges: edges.length,
    medianAbsFrames: abs.length ? ((abs[Math.floor((abs.length - 1) / 2)] as number) + (abs[Math.ceil((abs.length - 1) / 2)] as number)) / 2 : NaN,
    worstAbsFrames: abs.length ? (abs[abs.length - 1] as number) : NaN,
    within1: share(1),
    within2: share(2),
    beyond4: ratios.filter((r) => r > 4).length,
    worstSigmas: ratios.length ? Math.max(...ratios) : NaN,
    missed: scores.reduce((n, s) => n + s.missed.length, 0),
    extra: scores.reduce((n, s) => n + s.falseEdges.length, 0),
    flagsWrong: flagsWrong(edges),
  };
}

export function totalsLine(name: string, t: GroupTotals, unit = 'frame interval'): string {
  return (
    `${name}: ${t.edges} crossings; median |error| ${t.medianAbsFrames.toFixed(3)} ${unit}, worst ${t.worstAbsFrames.toFixed(3)}; ` +
    `calibration: ${pct(t.within1)} within 1σ, ${pct(t.within2)} within 2σ, ${t.beyond4} beyond 4σ (worst ${t.worstSigmas.toFixed(2)} σ); ` +
    `missed ${t.missed}, extra suggestions ${t.extra}, flags wrong ${t.flagsWrong}`
  );
}

/** Goals for a group: median and worst error, calibration (≥ 90 % within 2σ, none beyond 4σ), nothing missed or extra. */
export function groupOk(t: GroupTotals, median: number, worst: number): boolean {
  return t.medianAbsFrames <= median && t.worstAbsFrames <= worst && t.within2 >= 0.9 && t.beyond4 === 0 && t.missed === 0 && t.extra === 0 && t.flagsWrong === 0;
}

/** The issue-25 goals of one set (tuning or test) of the corpus, measured over all its scenarios. */
export interface SetTotals {
  crossings: number;
  /** Share of crossings found within half a frame interval. */
  foundWithinHalf: number;
  medianAbsFrames: number;
  /** Unmatched suggestions not flagged `low-confidence`, per 10 crossings; and the flagged ones, counted apart. */
  falsePer10: number;
  falseFlagged: number;
  /** Share of bodies with exactly one suggestion (found, and no second one). */
  onePerBody: number;
  within2: number;
  /** Of the suggestions with confidence ≥ 0.9, the share that match a crossing within half a frame (NaN: none). */
  confidentPrecision: number;
  confident: number;
}

export const SET_GOALS = { foundWithinHalf: 0.98, medianAbsFrames: 0.1, falsePer10: 1, onePerBody: 0.95, within2: 0.9, confidentPrecision: 0.95 };

export function setTotals(scores: readonly ScenarioScore[]): SetTotals {
  const t = totals(scores);
  const timed = scores.flatMap((s) => s.edges).filter((e) => !e.expectedFlags.includes('on-line-at-start'));
  const crossings = scores.reduce((n, s) => n + s.edges.length + s.missed.length, 0);
  const unmatched = scores.flatMap((s) => s.falseEdges);
  const falseUnflagged = unmatched.filter((e) => !e.flags.includes('low-confidence')).length;
  const bodiesOk = scores.reduce((n, s) => n + s.edges.filter((e) => !s.splitBodies.includes(e.id)).length, 0);
  const confident = scores.flatMap((s) => s.suggestions).filter((x) => x.confidence >= 0.9 && !x.lowConfidence);
  const startTimed = scores.reduce((n, s) => n + s.edges.filter((e) => e.expectedFlags.includes('on-line-at-start')).length, 0);
  return {
    crossings,
    foundWithinHalf: crossings ? (timed.filter((e) => Math.abs(e.errorFrames) <= 0.5).length + startTimed) / crossings : NaN,
    medianAbsFrames: t.medianAbsFrames,
    falsePer10: crossings ? (10 * falseUnflagged) / crossings : NaN,
    falseFlagged: unmatched.length - falseUnflagged,
    onePerBody: crossings ? bodiesOk / crossings : NaN,
    within2: t.within2,
    confidentPrecision: confident.length ? confident.filter((x) => x.withinHalf).length / confident.length : NaN,
    confident: confident.length,
  };
}

/** One line per goal of a set: the number, the goal and whether it is met. */
export function setLines(name: string, t: SetTotals): { lines: string[]; ok: boolean } {
  const g = SET_GOALS;
  const checks: [string, boolean][] = [
    [`crossings found within half a frame: ${pct(t.foundWithinHalf)} of ${t.crossings} (goal ≥ ${pct(g.foundWithinHalf)})`, t.foundWithinHalf >= g.foundWithinHalf],
    [`median |error|: ${t.medianAbsFrames.toFixed(3)} frame (goal ≤ ${g.medianAbsFrames})`, t.medianAbsFrames <= g.medianAbsFrames],
    [`false suggestions: ${t.falsePer10.toFixed(2)} per 10 crossings (goal ≤ ${g.falsePer10}); ${t.falseFlagged} more flagged low-confidence`, t.falsePer10 <= g.falsePer10],
    [`one suggestion per body: ${pct(t.onePerBody)} of bodies (goal ≥ ${pct(g.onePerBody)})`, t.onePerBody >= g.onePerBody],
    [`calibration: ${pct(t.within2)} within 2σ (goal ≥ ${pct(g.within2)})`, t.within2 >= g.within2],
    [`confidence ≥ 0.9: ${Number.isNaN(t.confidentPrecision) ? 'no such suggestion' : `${pct(t.confidentPrecision)} of ${t.confident} match a crossing within half a frame`} (goal ≥ ${pct(g.confidentPrecision)})`, Number.isNaN(t.confidentPrecision) || t.confidentPrecision >= g.confidentPrecision],
  ];
  return { lines: [`${name}:`, ...checks.map(([line, ok]) => `  ${line}${ok ? '' : '   <-- goal missed'}`)], ok: checks.every(([, ok]) => ok) };
}
