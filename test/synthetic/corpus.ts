/**
 * The evaluation corpus of `npm run bench:accuracy` (issue 25): a tuning set, which the detector may be tuned on, and
 * a test set, which it must never be tuned on. Each kind of footage appears in both, drawn by the same generator
 * with different seeds, speeds, colours, frame rates and placements, so a number on the test set says how the
 * detector does on footage nobody tuned it to.
 *
 * Kinds: white, black and mirror-like bodies, windows and stripes; articulated bodies (people with swinging arms
 * and legs, cyclists, horses' legs); hard and soft shadows; flicker, gain and exposure changes; camera shake; noise
 * and compression; frame rates from 10 to 1000; and phantoms (shadows and reflections of things out of view,
 * someone standing still on the line, a swaying tree's shadow, the sun coming out) that must give no suggestion or
 * one flagged `low-confidence`. The web's kind of footage (10–15 frames/s through a GIF's palette, bodies a few
 * pixels across, dark windows and road-grey strips) is corpus-low-fps.ts's. The older scenario lists (scenarios.ts) were what the detector was tuned on, so
 * they belong to the tuning set.
 */
import { BENCH_SCENARIOS, EDGE_OF_RECORDING_SCENARIOS, HARD_SCENARIOS, LINESCAN_SCENARIOS } from './scenarios.js';
import type { ScoredScenario } from './score.js';
import type { Rgb } from '../../app/demo/raster.js';
import { BAY, BLACK, BLUE, car, cyclist, horse, KIT, livery, MIRROR, person, RED, scene, SKY, WHITE, YELLOW } from './corpus-bodies.js';
import { atHalfRate, HALF_RATE_FROM_FPS } from './corpus-half-rate.js';
import { lowFrameRate } from './corpus-low-fps.js';

export type CorpusSet = 'tuning' | 'test';

/** Everything a set holds, by kind; `k` (0: tuning, 1: test) chooses each kind's seeds, speeds and placements. */
function generated(k: 0 | 1): ScoredScenario[] {
  const seed = (n: number) => 1000 * (k + 1) + n;
  const pick = <T>(tuning: T, test: T) => (k === 0 ? tuning : test);
  return [
    scene({
      name: `white car with dark windows (${pick(240, 200)} fps, one body)`, fps: pick(240, 200), seed: seed(1), noise: 2.5,
      cars: [car('1', pick(40, 56), pick(30.37, 24.61), pick(9, 8), WHITE, { width: 60, length: 110, noseRound: 8 }), car('2', pick(124, 8), pick(33.1, 27.9), pick(8.5, 7.6), RED, { width: 40 })],
    }),
    scene({
      name: `black, mirror-like and striped cars (${pick(300, 400)} fps, JPEG q${pick(70, 60)})`, fps: pick(300, 400), seed: seed(2), noise: 3, jpegQuality: pick(70, 60),
      cars: [
        car('1', 24, pick(40.43, 50.22), pick(5, 4.2), BLACK, { roof: BLACK, glass: BLACK }),
        car('2', 66, pick(41.81, 52.67), pick(4.8, 4), MIRROR, { roof: SKY, glass: [60, 64, 72] }),
        car('3', 108, pick(44.2, 51.3), pick(5.1, 4.3), pick(BLUE, YELLOW), { parts: livery(WHITE, 26, 64) }),
      ],
    }),
    scene({
      name: `people walking, swinging arms and legs (10 fps)`, fps: 10, seed: seed(3), noise: 2.5, shutter: 0.3, breadth: 190,
      cars: [person('1', 16, pick(12.4, 14.7), pick(8, 9), 4 + k, KIT[0] as Rgb), person('2', 104, pick(18.62, 17.28), pick(7, 8.5), 5 - k, KIT[1] as Rgb, 1.3)],
    }),
    scene({
      name: `sprinters, arms and legs (${pick(1000, 500)} fps)`, fps: pick(1000, 500), seed: seed(4), noise: 2, breadth: 190,
      cars: [person('1', 14, pick(120.41, 70.3), pick(1.6, 3.1), pick(40, 22), KIT[2] as Rgb), person('2', 102, pick(121.02, 71.14), pick(1.55, 3.2), pick(38, 20), KIT[3] as Rgb, 2)],
    }),
    scene({
      name: `cyclists with soft shadows (${pick(120, 150)} fps)`, fps: pick(120, 150), seed: seed(5), noise: 2.5,
      cars: [
        { ...cyclist('1', 10, pick(22.46, 30.5), pick(10, 9), pick(14, 12), KIT[0] as Rgb), shadow: { depth: 0.6, length: 10 } },
        { ...cyclist('2', 96, pick(23.9, 31.13), pick(9.6, 8.8), pick(12, 15), KIT[1] as Rgb), shadow: { depth: 0.5, length: 8 } },
      ],
    }),
    scene({
      name: `horses at the gallop (${pick(500, 250)} fps)`, fps: pick(500, 250), seed: seed(6), noise: 2.5,
      cars: [horse('1', 10, pick(60.37, 30.52), pick(3.2, 6.5), pick(60, 30), BAY), horse('2', 92, pick(61.6, 31.9), pick(3.1, 6.2), pick(56, 32), pick<Rgb>([70, 50, 36], [180, 150, 110]))],
    }),
    scene({
      name: `hard shadows ahead of the cars and a glint (${pick(250, 100)} fps)`, fps: pick(250, 100), seed: seed(7), noise: 2.5,
      cars: [car('1', 27, pick(30.61, 20.33), pick(6, 12), YELLOW, { shadow: { depth: 0.7, length: 10, hard: true } }), car('2', 107, pick(33.2, 22.71), pick(5.6, 11), BLUE, { shadow: { depth: 0.75, length: 14, hard: true } })],
      phantoms: [{ kind: 'glint', top: pick(75, 70), width: 12, length: 10, speed: pick(7, 13), crossFrame: pick(20.3, 14.1), strength: 0.8 }],
    }),
    scene({
      name: `shadow of something out of view sweeping across the line (${pick(400, 60)} fps)`, fps: pick(400, 60), seed: seed(8), noise: 2,
      cars: [car('1', pick(107, 27), pick(50.27, 12.4), pick(4, 20), RED)],
      phantoms: [
        { kind: 'shadow', top: pick(20, 70), width: 60, length: 50, speed: pick(5, 24), crossFrame: pick(25, 7), depth: 0.55, soft: 0 },
        { kind: 'shadow', top: pick(60, 110), width: 40, length: 80, speed: pick(3, 16), crossFrame: pick(70, 17), depth: 0.4, soft: 8 },
      ],
    }),
    scene({
      name: `someone standing still on the line, a swaying tree's shadow (${pick(100, 50)} fps)`, fps: pick(100, 50), seed: seed(9), noise: 2.5,
      cars: [car('1', pick(107, 27), pick(15.31, 9.72), pick(10, 16), BLUE)],
      phantoms: [
        { kind: 'standing', top: pick(24, 110), width: 40, length: 12, sway: 1.5, periodFrames: pick(17, 11), colour: KIT[3] as Rgb },
        { kind: 'sway', top: pick(70, 64), width: 30, depth: 0.35, amp: 6, periodFrames: pick(23, 13) },
      ],
    }),
    scene({
      name: `the sun comes out, mains flicker (${pick(200, 120)} fps)`, fps: pick(200, 120), seed: seed(10), noise: 2.5, flicker: { amp: 0.08, periodFrames: pick(2.4, 1.2 * 2) },
      cars: [car('1', 27, pick(40.44, 25.17), pick(5, 8), RED), car('2', 107, pick(41.9, 26.6), pick(5.2, 8.2), WHITE)],
      phantoms: [{ kind: 'light', top: 0, width: 180, fromFrame: pick(20, 12), rampFrames: pick(6, 3), gain: pick(1.3, 1.25) }],
    }),
    scene({
      name: `shaking camera, heavy noise, JPEG q50 (${pick(60, 30)} fps)`, fps: pick(60, 30), seed: seed(11), noise: 5, jpegQuality: 50, shake: 1,
      cars: [car('1', 27, pick(10.36, 8.52), pick(18, 24), YELLOW), car('2', 67, pick(11.07, 9.31), pick(17, 23), BLUE), car('3', 107, pick(12.58, 10.06), pick(18, 22), WHITE)],
    }),
    scene({
      name: `auto-exposure steps, white and black cars (${pick(1000, 800)} fps)`, fps: pick(1000, 800), seed: seed(12), noise: 2, format: 'png', exposureSwing: 0.25,
      cars: [car('1', 27, pick(120.55, 100.2), pick(1.6, 2), WHITE), car('2', 67, pick(121.3, 100.64), pick(1.6, 2), BLACK, { roof: BLACK, glass: BLACK }), car('3', 107, pick(123.9, 102.4), pick(1.5, 1.9), MIRROR, { roof: SKY })],
    }),
    ...lowFrameRate(k),
  ];
}

/** The tuning set: the scenarios the detector was developed on, the corpus's tuning variants, and those again at half their frame rate. */
export function tuningSet(): ScoredScenario[] {
  const tuning = generated(0);
  const halfRate = tuning.filter((s) => s.fps >= HALF_RATE_FROM_FPS).map((s) => atHalfRate(s, s.seed + 2000));
  return [...BENCH_SCENARIOS, ...HARD_SCENARIOS, ...EDGE_OF_RECORDING_SCENARIOS, ...LINESCAN_SCENARIOS, ...tuning, ...halfRate];
}

/** The test set: never look at these numbers while tuning. */
export function testSet(): ScoredScenario[] {
  return generated(1);
}
