/**
 * `npm run bench:accuracy`: the detector against ground truth, on a tuning set and a test set (test/synthetic/
 * corpus.ts) reported apart, each against the goals of issue 25: crossings found within half a frame, median
 * error, false suggestions per 10 crossings, one suggestion per body, calibration within 2σ, and the precision of
 * suggestions with confidence ≥ 0.9. The detector may be tuned on the tuning set only. `-- --set tuning|test`
 * runs one set; `-- WORD` only the scenarios whose name holds WORD.
 *
 * - Synthetic races (test/synthetic): the benchmark set and the hard cases (a car the colour of the stripes, cars
 *   whose bodies touch, a car partly out of the picture, soft shadows ahead of the cars), then synthetic line-scan
 *   images. Truth is exact.
 * - Real footage: car-detection.mp4 against the crossings read by hand from its frames
 *   (test/unit/detection/car-detection.labels.json), and the train's leading point in comeng-linescan.png (its time
 *   axis is not uniform, so in columns), both from ../shared/real-media; person-bicycle-car-detection.gif from there
 *   in the test set. And the clips committed under test/media/real (cuts of the Intel IoT sample-videos, CC BY 4.0;
 *   its README.md says what and how), each against its hand labels (NAME.labels.json beside it), in the set its
 *   label file names (`"set": "tuning" | "test"`). `-- real` runs only the real footage.
 *
 * Per crossing: the error in frame intervals and in ms, the stated uncertainty and the error in those; per group:
 * median and worst error, calibration (share of errors within 1σ and 2σ of the stated uncertainty, any beyond 4σ),
 * missed competitors, extra suggestions (a second suggestion for one body counts), flags. Goals: synthetic median
 * ≤ 0.05 and worst ≤ 0.15 frame interval, real median ≤ 0.25 and worst ≤ 0.5; everywhere ≥ 90 % within 2σ, none
 * beyond 4σ, nothing missed or extra. Exit status 1 when a goal is missed.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRequest } from '../../app/api/methods/build.js';
import type { EdgeSuggestion } from '../../app/api/types.js';
import { detectEdgesForRace } from '../../app/detection/detect-race.js';
import { buildRace } from '../../app/imaging/race-builder/build-race.js';
import { testSet, tuningSet, type CorpusSet } from '../../test/synthetic/corpus.js';
import { BENCH_SCENARIOS, EDGE_OF_RECORDING_SCENARIOS, HARD_SCENARIOS, LINESCAN_SCENARIOS } from '../../test/synthetic/scenarios.js';
import { scoreEdges, scoreScenario, type ScenarioScore, type ScoredScenario } from '../../test/synthetic/score.js';
import { edgeLine, groupOk, scenarioLine, scenarioOk, setLines, setTotals, totals, totalsLine } from './accuracy-report.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const realMedia = path.resolve(repoRoot, '../shared/real-media');
/** Real clips committed with the project, each with its labels beside it. */
const committedMedia = path.join(repoRoot, 'test/media/real');
const exists = (file: string) => stat(file).then(
  () => true,
  () => false,
);

/** `npm run bench:accuracy -- WORD`: only the scenarios whose name holds WORD (and the real footage for "real"). */
const args = process.argv.slice(2);
const setArg = args.indexOf('--set');
const onlySet = setArg >= 0 ? args[setArg + 1] : undefined;
/** `-- --new`: skip the older scenarios (scenarios.ts) and the real footage: the corpus's generated scenarios only. */
const newOnly = args.includes('--new');
const only = args.filter((a, i) => i !== setArg && i !== setArg + 1 && a !== '--new')[0]?.toLowerCase();
const wanted = (name: string) => !only || name.toLowerCase().includes(only);

const OLDER = new Set<ScoredScenario>([...BENCH_SCENARIOS, ...HARD_SCENARIOS, ...EDGE_OF_RECORDING_SCENARIOS, ...LINESCAN_SCENARIOS]);
const OLDER_NAMES = new Set([...OLDER].map((s) => s.name));

async function synthetic(title: string, scenarios: ScoredScenario[], work: string): Promise<ScenarioScore[]> {
  console.log(`\n=== ${title} ===`);
  const scores: ScenarioScore[] = [];
  for (const [i, s] of scenarios.entries()) {
    if (!wanted(`${title} ${s.name}`) || (newOnly && OLDER.has(s))) continue;
    const score = await scoreScenario(s, path.join(work, `${title.replace(/\W+/g, '-')}-${i}`));
    scores.push(score);
    console.log(`\n${s.name}  (${s.fps} ${s.lineScan ? 'lines' : 'fps'}, interval ${(1000 / s.fps).toFixed(3)} ms, detect ${score.detectMs.toFixed(0)} ms)`);
    for (const e of score.edges) console.log(edgeLine(e));
    for (const e of score.falseEdges) {
      const what = score.phantoms.includes(e) ? "not a competitor's crossing" : 'a second suggestion for one body';
      console.log(`  extra suggestion #${e.index} at ${e.time_s.toFixed(6)} s, rows ${e.rows[0]}–${e.rows[1]}, confidence ${e.confidence}${e.flags.length ? ` [${e.flags.join(', ')}]` : ''}   <-- ${what}`);
    }
    console.log(scenarioLine(score, 0.15));
  }
  return scores;
}

interface Labels {
  /** The clip's file, beside the label file (committed clips only). */
  clip?: string;
  /** The set the clip belongs to (committed clips only: required there). */
  set?: CorpusSet;
  frameIntervalS: number;
  line: { kind: 'segment'; x1: number; y1: number; x2: number; y2: number };
  /**
   * `rows`: the composite rows the body covers, where labelled (a second suggestion there is one body split);
   * `onLineAtEnd`: the body is still on the line when the footage ends (the suggestion should say so).
   */
  crossings: { id: string; time_s: number; sigmaFrames: number; rows?: [number, number]; onLineAtEnd?: boolean }[];
}

/** A real clip against its hand labels; null when skipped or absent. `out`: the race's folder name (one per label file). */
async function scoreRealClip(work: string, clip: string, labels: Labels, about: string, out = path.basename(clip)): Promise<ScenarioScore | null> {
  const file = path.basename(clip);
  if (!wanted(`real ${file}`) || newOnly) return null;
  if (!(await exists(clip))) {
    console.log(`\nReal footage: skipped (${clip} is absent)`);
    return null;
  }
  const { racePath } = await buildRace(buildRequest.parse({ source: clip, out: path.join(work, out), line: labels.line, timing: { kind: 'source' } }));
  const t0 = performance.now();
  const edges = await detectEdgesForRace(racePath);
  const ms = performance.now() - t0;
  const truth = labels.crossings.map((c) => ({ id: c.id, crossingS: c.time_s, across: c.rows ?? ([0, 0] as [number, number]), onLineAtStart: false, onLineAtEnd: c.onLineAtEnd ?? false }));
  const score = { ...scoreEdges(edges, truth, labels.frameIntervalS), name: file, fps: 1 / labels.frameIntervalS, detectMs: ms };
  console.log(`\n${file} (${about}; truth read by hand): ${edges.length} suggestions, detect ${ms.toFixed(0)} ms`);
  for (const e of score.edges) console.log(edgeLine(e));
  for (const e of score.falseEdges) {
    const what = score.phantoms.includes(e) ? 'not a crossing' : 'a second suggestion for one body';
    console.log(`  extra suggestion #${e.index} at ${e.time_s.toFixed(4)} s, rows ${e.rows[0]}–${e.rows[1]}, confidence ${e.confidence}${e.flags.length ? ` [${e.flags.join(', ')}]` : ''}   <-- ${what}`);
  }
  console.log(scenarioLine(score, 0.5));
  return score;
}

/** A clip in ../shared/real-media against its hand labels (test/unit/detection/NAME.labels.json). */
async function realClip(work: string, file: string, about: string): Promise<ScenarioScore | null> {
  if (!wanted(`real ${file}`) || newOnly) return null;
  const labelsFile = path.join(repoRoot, 'test/unit/detection', `${file.replace(/\.\w+$/, '')}.labels.json`);
  const labels = JSON.parse(await readFile(labelsFile, 'utf8')) as Labels;
  return scoreRealClip(work, path.join(realMedia, file), labels, about);
}

const lineText = (l: Labels['line']) => (l.x1 === l.x2 ? `x = ${l.x1}, y ${l.y1}–${l.y2}` : l.y1 === l.y2 ? `y = ${l.y1}, x ${l.x1}–${l.x2}` : `(${l.x1}, ${l.y1})–(${l.x2}, ${l.y2})`);

/** The clips committed under test/media/real whose label file puts them in `set`, each scored against its labels. */
async function committedClips(work: string, set: CorpusSet): Promise<ScenarioScore[]> {
  const scores: ScenarioScore[] = [];
  for (const name of (await readdir(committedMedia)).filter((f) => f.endsWith('.labels.json')).sort()) {
    const labels = JSON.parse(await readFile(path.join(committedMedia, name), 'utf8')) as Labels;
    // A label file that names no set would silently drop out of both: refuse it.
    if (labels.set !== 'tuning' && labels.set !== 'test') throw new Error(`${name}: "set" must be "tuning" or "test"`);
    if (!labels.clip) throw new Error(`${name}: "clip" names no file`);
    if (labels.set !== set) continue;
    const about = `${(1 / labels.frameIntervalS).toFixed(0)} fps GIF, line ${lineText(labels.line)}, ${labels.crossings.length} crossing${labels.crossings.length === 1 ? '' : 's'}`;
    // Two label files may read one clip on two lines: each builds its own race.
    const score = await scoreRealClip(work, path.join(committedMedia, labels.clip), labels, about, name.replace(/\.labels\.json$/, ''));
    if (score) scores.push(score);
  }
  return scores;
}

/**
 * The train's leading point in comeng-linescan.png, read by eye: its coupler's head, column 1315.3 (rows 990–1000,
 * where the edge is half way from the background to the dark head; ramp ~2 columns). The coupler is the train's own
 * (mounted under the cab, on the line from then to the last column with the underframe behind it) and reaches the
 * line ~196 columns before the cab front (column 1511.5, rows 200–330; edge ~4 columns wide).
 */
const COMENG_LEAD_COLUMN = 1315.3;
const COMENG_CAB_COLUMN = 1511.5;

async function realLineScan(work: string): Promise<{ nose: boolean; extra: number }> {
  const image = path.join(realMedia, 'comeng-linescan.png');
  if (!wanted('real line-scan comeng-linescan.png')) return { nose: true, extra: 0 };
  if (!(await exists(image))) {
    console.log(`\nReal line-scan: skipped (${image} is absent)`);
    return { nose: true, extra: 0 };
  }
  const { racePath } = await buildRace(buildRequest.parse({ source: image, out: path.join(work, 'comeng'), timing: { kind: 'line-rate', rate: '1000' } }));
  const t0 = performance.now();
  const edges = await detectEdgesForRace(racePath);
  const ms = performance.now() - t0;
  console.log(`\ncomeng-linescan.png (4715 columns; leading point, the coupler, read by eye at column ${COMENG_LEAD_COLUMN}; cab front ${COMENG_CAB_COLUMN}): ${edges.length} suggestion(s), detect ${ms.toFixed(0)} ms`);
  const describe = (e: EdgeSuggestion) =>
    `  #${e.index} column ${e.column.toFixed(2)}  rows ${e.rows[0]}–${e.rows[1]}  ±${(e.uncertainty_s * 1000).toFixed(2)} columns${e.uncertainty_calibrated ? '' : ' (not calibrated)'}${e.flags.length ? `  [${e.flags.join(', ')}]` : ''}`;
  edges.forEach((e) => console.log(describe(e)));
  const nose = edges.reduce<EdgeSuggestion | null>((best, e) => (!best || Math.abs(e.column - COMENG_LEAD_COLUMN) < Math.abs(best.column - COMENG_LEAD_COLUMN) ? e : best), null);
  const error = nose ? nose.column - COMENG_LEAD_COLUMN : NaN;
  // Its edge fades in over several columns (a hand-held slit-scan): within 2 columns where the suggestion claims a
  // sub-column reading, within 10 where it says it is only good to the column.
  const ok = nose !== null && (Math.abs(error) <= 2 || (!nose.uncertainty_calibrated && Math.abs(error) <= 10));
  console.log(`  the leading point: ${nose ? `suggestion #${nose.index}, error ${error.toFixed(2)} columns` : 'NOT FOUND'}${ok ? '' : '   <-- goal missed'}`);
  // The image holds one object, the train: every other suggestion is a second one for the same body (its coupler
  // and its cab, seen apart across rows too busy to show it, are one body).
  const extra = Math.max(0, edges.length - 1);
  console.log(`  extra suggestions for the one train: ${extra}${extra === 0 ? '' : '   <-- goal missed (one body, one suggestion)'}`);
  return { nose: ok, extra };
}


async function main(): Promise<number> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'pf-bench-accuracy-'));
  let failed = false;
  const summary: string[] = [];
  try {
    if (onlySet !== 'test') {
      const scores = await synthetic('Tuning set', tuningSet(), work);
      const real = await realClip(work, 'car-detection.mp4', '12.5 fps, line y = 216, ±0.13 frame each');
      const clips = await committedClips(work, 'tuning');
      const comeng = newOnly ? { nose: true, extra: 0 } : await realLineScan(work);
      const set = setLines(`Tuning set (synthetic, car-detection.mp4 and ${clips.length} committed real clips)`, setTotals([...scores, ...(real ? [real] : []), ...clips]));
      summary.push(...set.lines);
      // The older scenarios keep their stricter goals (nothing missed or extra, worst error), as before.
      const older = scores.filter((s) => OLDER_NAMES.has(s.name));
      const synth = totals(older);
      const olderOk = older.length === 0 || (groupOk(synth, 0.05, 0.15) && older.every((s) => scenarioOk(s, 0.15)));
      if (older.length) summary.push(totalsLine('  older synthetic scenarios', synth));
      if (older.length) summary.push(`  their goals (median ≤ 0.05, worst ≤ 0.15, ≥ 90 % within 2σ, none beyond 4σ, nothing missed or extra): ${olderOk ? 'met' : 'MISSED'}`);
      if (real) {
        const t = totals([real]);
        const realOk = groupOk(t, 0.25, 0.5) && real.orderRight;
        summary.push(totalsLine('  car-detection.mp4', t), `  its goals (median ≤ 0.25, worst ≤ 0.5, ≥ 90 % within 2σ, none beyond 4σ, nothing missed or extra): ${realOk ? 'met' : 'MISSED'}`);
        if (!realOk) failed = true;
      }
      for (const c of clips) summary.push(totalsLine(`  ${c.name}`, totals([c])));
      summary.push(`  comeng-linescan.png: the leading point suggested: ${comeng.nose ? 'met' : 'MISSED'}; no second suggestion for the one train: ${comeng.extra === 0 ? 'met' : `MISSED (${comeng.extra} extra)`}`);
      if (!set.ok || !olderOk || !comeng.nose || comeng.extra > 0) failed = true;
    }
    if (onlySet !== 'tuning') {
      const scores = await synthetic('Test set', testSet(), work);
      const gif = await realClip(work, 'person-bicycle-car-detection.gif', '12 fps GIF, line y = 120 from x = 40 to 240, ±0.16 frame');
      const clips = await committedClips(work, 'test');
      const set = setLines(`Test set (synthetic${gif ? ', person-bicycle-car-detection.gif' : ''} and ${clips.length} committed real clips; never tuned on)`, setTotals([...scores, ...(gif ? [gif] : []), ...clips]));
      summary.push(...set.lines);
      for (const c of [...(gif ? [gif] : []), ...clips]) summary.push(totalsLine(`  ${c.name}`, totals([c])));
      if (!set.ok) failed = true;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log('\n=== Summary ===');
  for (const line of summary) console.log(line);
  console.log(failed ? '\nRESULT: a goal was missed' : '\nRESULT: all goals met');
  return failed ? 1 : 0;
}

process.exitCode = await main();
