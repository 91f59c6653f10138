/**
 * `npm run bench:accuracy`: the detector against ground truth. For every synthetic scenario (test/synthetic) it
 * prints each suggested crossing time's error in frame intervals and in milliseconds and whether the order is
 * right; then the totals against the goals (order right whenever the true gap is ≥ 0.2 frame interval, median
 * error ≤ 0.05 interval, worst ≤ 0.15, no missed competitor, no false edge). Finally the real footage
 * ../shared/real-media/car-detection.mp4 (line y = 216), where four vehicles must be found with no false edge.
 * Exit status 1 when a goal is missed.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRequest } from '../../app/api/methods/build.js';
import { detectEdgesForRace } from '../../app/detection/detect-race.js';
import { buildRace } from '../../app/imaging/race-builder/build-race.js';
import { BENCH_SCENARIOS } from '../../test/synthetic/scenarios.js';
import { scoreScenario } from '../../test/synthetic/score.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const f3 = (n: number) => (n >= 0 ? ' ' : '') + n.toFixed(3);

async function main(): Promise<number> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'pf-bench-accuracy-'));
  let failed = false;
  const allAbs: number[] = [];
  try {
    for (const [i, s] of BENCH_SCENARIOS.entries()) {
      const score = await scoreScenario(s, path.join(work, String(i)));
      console.log(`\n${s.name}  (${s.fps} fps, interval ${(1000 / s.fps).toFixed(3)} ms, detect ${score.detectMs.toFixed(0)} ms)`);
      for (const e of score.edges) {
        allAbs.push(Math.abs(e.errorFrames));
        console.log(`  car ${e.id.padEnd(3)} truth ${e.truthS.toFixed(7)} s  found ${e.foundS.toFixed(7)} s  error ${f3(e.errorFrames)} frame  ${f3(e.errorMs)} ms  (stated ±${e.uncertaintyMs.toFixed(3)} ms)`);
      }
      const ok = score.orderRight && score.missed.length === 0 && score.falseEdges.length === 0 && score.worstAbsFrames <= 0.15;
      if (!ok) failed = true;
      console.log(
        `  order ${score.orderRight ? 'right' : 'WRONG'}; median |error| ${score.medianAbsFrames.toFixed(3)}, worst ${score.worstAbsFrames.toFixed(3)} frame; ` +
          `missed ${score.missed.length ? score.missed.join(',') : 'none'}; false edges ${score.falseEdges.length}${ok ? '' : '   <-- goal missed'}`,
      );
    }
    allAbs.sort((a, b) => a - b);
    const median = allAbs[Math.floor(allAbs.length / 2)] ?? NaN;
    const worst = allAbs[allAbs.length - 1] ?? NaN;
    console.log(`\nAll synthetic edges: ${allAbs.length}; median |error| ${median.toFixed(3)} frame (goal ≤ 0.05), worst ${worst.toFixed(3)} frame (goal ≤ 0.15)`);
    if (!(median <= 0.05) || !(worst <= 0.15)) failed = true;

    const video = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
    let haveVideo = true;
    try {
      await stat(video);
    } catch {
      haveVideo = false;
    }
    if (!haveVideo) console.log(`\nReal footage: skipped (${video} is absent)`);
    else {
      const { racePath } = await buildRace(
        buildRequest.parse({ source: video, out: path.join(work, 'car-detection'), line: { kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 }, timing: { kind: 'source' } }),
      );
      const t0 = performance.now();
      const edges = await detectEdgesForRace(racePath);
      console.log(`\nReal footage car-detection.mp4 (12.5 fps, line y = 216): ${edges.length} edges in ${(performance.now() - t0).toFixed(0)} ms (goal: the 4 vehicles, no false edge)`);
      for (const e of edges) {
        console.log(`  #${e.index} ${e.time_s.toFixed(4)} s  column ${e.column.toFixed(3)}  x ${e.rows[0]}–${e.rows[1]}  ${e.direction.padEnd(13)} ±${(e.uncertainty_s * 1000).toFixed(1)} ms  confidence ${e.confidence}`);
      }
      if (edges.length !== 4) failed = true;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log(failed ? '\nRESULT: a goal was missed' : '\nRESULT: all goals met');
  return failed ? 1 : 0;
}

process.exitCode = await main();
