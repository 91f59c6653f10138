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
 * one flagged `low-confidence`. The older scenario lists (scenarios.ts) were what the detector was tuned on, so
 * they belong to the tuning set.
 */
import type { Rgb } from '../../app/demo/raster.js';
import { BENCH_SCENARIOS, EDGE_OF_RECORDING_SCENARIOS, HARD_SCENARIOS, LINESCAN_SCENARIOS } from './scenarios.js';
import type { ScoredScenario } from './score.js';
import type { SyntheticCar, SyntheticScenario } from './synthetic-race.js';
import type { SyntheticPart } from './synthetic-scene.js';

export type CorpusSet = 'tuning' | 'test';

const WHITE: Rgb = [238, 238, 238];
const DARK_GLASS: Rgb = [30, 34, 44];
const BLACK: Rgb = [20, 20, 22];
const RED: Rgb = [205, 40, 44];
const BLUE: Rgb = [36, 92, 204];
const YELLOW: Rgb = [236, 192, 36];
/** A polished body shows the road and sky: close to the asphalt's grey, with a bright band of sky across it. */
const MIRROR: Rgb = [86, 88, 94];
const SKY: Rgb = [206, 212, 224];
const SKIN: Rgb = [196, 150, 120];
const KIT: Rgb[] = [[40, 60, 170], [200, 40, 40], [240, 240, 240], [30, 30, 30]];
const BAY: Rgb = [122, 74, 42];
const DARK_LEG: Rgb = [60, 40, 26];

/** Frames enough for every body to come in, cross and leave background on most columns. */
function framesFor(fps: number, cars: SyntheticCar[]): number {
  const last = Math.max(...cars.map((c) => c.crossFrame + (c.length ?? 64) / c.speed));
  return Math.min(480, Math.ceil(Math.max(last * 1.6, 30)));
}

function scene(s: Omit<SyntheticScenario, 'frames' | 'length' | 'breadth' | 'direction' | 'shutter' | 'format' | 'lineAt'> & Partial<SyntheticScenario>): SyntheticScenario {
  return { length: 320, breadth: 180, direction: 'left-to-right', shutter: 0.5, format: 'jpeg', lineAt: 200, frames: framesFor(s.fps, s.cars), ...s };
}

const swing = (amp: number, periodFrames: number, phase: number) => ({ amp, periodFrames, phase });

/**
 * A person seen from the side: the torso is the body (its front is the body's nose), head above it, two arms and
 * two legs swinging in opposite phase, `stride` frames per step. About 76 px tall from `top`.
 */
function person(id: string, top: number, crossFrame: number, speed: number, stride: number, kit: Rgb, phase = 0): SyntheticCar {
  const limbs: SyntheticPart[] = [
    { top: -11, width: 10, length: 9, lead: -3, colour: SKIN, noseRound: 3 },
    { top: 4, width: 22, length: 4, lead: -5, swing: swing(5, 2 * stride, phase), colour: SKIN },
    { top: 4, width: 22, length: 4, lead: -5, swing: swing(5, 2 * stride, phase + Math.PI), colour: SKIN },
    { top: 34, width: 32, length: 6, lead: -4, swing: swing(7, 2 * stride, phase + Math.PI), colour: kit },
    { top: 34, width: 32, length: 6, lead: -4, swing: swing(7, 2 * stride, phase), colour: kit },
  ];
  return { id, top, width: 34, length: 14, noseRound: 3, crossFrame, speed, body: kit, roof: kit, glass: kit, parts: limbs };
}

/** A cyclist from the side: the frame is the body, wheels below it (the front wheel leads), rider above, pedalling legs. */
function cyclist(id: string, top: number, crossFrame: number, speed: number, cadence: number, kit: Rgb): SyntheticCar {
  const wheel = (lead: number): SyntheticPart => ({ top: 6, width: 24, length: 24, lead, colour: [34, 34, 36], noseRound: 10 });
  return {
    id, top: top + 24, width: 8, length: 40, noseRound: 1, crossFrame, speed, body: [150, 150, 156], roof: [150, 150, 156], glass: [150, 150, 156],
    parts: [
      wheel(4),
      wheel(-32),
      { top: -26, width: 26, length: 12, lead: -14, colour: kit, noseRound: 3 },
      { top: -34, width: 9, length: 9, lead: -6, colour: SKIN, noseRound: 3 },
      { top: -2, width: 16, length: 5, lead: -18, swing: swing(5, cadence, 0), colour: kit },
      { top: -2, width: 16, length: 5, lead: -18, swing: swing(5, cadence, Math.PI), colour: kit },
    ],
  };
}

/** A horse from the side: the barrel is the body, neck and head ahead of it, four legs swinging at the gallop. */
function horse(id: string, top: number, crossFrame: number, speed: number, stride: number, coat: Rgb): SyntheticCar {
  const leg = (lead: number, phase: number): SyntheticPart => ({ top: 26, width: 28, length: 5, lead, swing: swing(8, stride, phase), colour: DARK_LEG });
  return {
    id, top: top + 12, width: 26, length: 70, noseRound: 6, crossFrame, speed, body: coat, roof: coat, glass: coat,
    parts: [
      { top: -12, width: 16, length: 20, lead: 12, swing: swing(2, stride, 0.5), colour: coat, noseRound: 5 },
      leg(-8, 0), leg(-14, Math.PI * 0.4), leg(-54, Math.PI), leg(-60, Math.PI * 1.4),
    ],
  };
}

/** A car in one colour with dark windows and a roof of the same colour (white cars split in three before). */
function car(id: string, top: number, crossFrame: number, speed: number, body: Rgb, extra: Partial<SyntheticCar> = {}): SyntheticCar {
  return { id, top, crossFrame, speed, body, roof: body, glass: DARK_GLASS, ...extra };
}

/** Stripes across and along a car's body (a livery): thin parts in another colour. */
function livery(colour: Rgb, width: number, length: number): SyntheticPart[] {
  return [
    { top: width * 0.4, width: width * 0.2, length: length - 8, lead: -4, colour, noseRound: 0 },
    { top: 0, width, length: 4, lead: -0.2 * length, colour, noseRound: 0 },
    { top: 0, width, length: 4, lead: -0.55 * length, colour, noseRound: 0 },
  ];
}

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
  ];
}

/** The tuning set: the scenarios the detector was developed on, and the corpus's tuning variants. */
export function tuningSet(): ScoredScenario[] {
  return [...BENCH_SCENARIOS, ...HARD_SCENARIOS, ...EDGE_OF_RECORDING_SCENARIOS, ...LINESCAN_SCENARIOS, ...generated(0)];
}

/** The test set: never look at these numbers while tuning. */
export function testSet(): ScoredScenario[] {
  return generated(1);
}
