/**
 * The synthetic races of the accuracy benchmark (and, in small form, of the unit tests): frame rates from 120 to
 * 2000, motion blur, noise, JPEG and PNG, slanted lines, all four directions, jittered and dropped frames,
 * competitors side by side and overlapping. Crossing times are deliberately at awkward fractions of a frame.
 */
import type { ScoredScenario } from './score.js';
import type { SyntheticCar, SyntheticScenario } from './synthetic-race.js';

const RED = [205, 40, 44] as const;
const BLUE = [36, 92, 204] as const;
const YELLOW = [236, 192, 36] as const;
const GREEN = [44, 160, 84] as const;
const WHITE = [238, 238, 238] as const;
/** The chequered stripe's own colours (app/demo/track.ts). */
const STRIPE_WHITE = [236, 236, 232] as const;
const STRIPE_BLACK = [26, 26, 28] as const;

/** Frames enough for every car to drive in from the edge, cross, and leave background on most columns. */
function clip(fps: number, cars: SyntheticCar[], extra = 0): number {
  const last = Math.max(...cars.map((c) => c.crossFrame + (c.length ?? 64) / c.speed));
  return Math.min(480, Math.ceil(Math.max(last * 1.6, 40) + extra));
}

function scenario(partial: Omit<SyntheticScenario, 'frames' | 'length' | 'breadth'> & Partial<SyntheticScenario>): SyntheticScenario {
  return { length: 320, breadth: 180, frames: clip(partial.fps, partial.cars), ...partial };
}

/** Two or three cars placed so the first crosses near mid-clip; speed in px per frame. */
function field(speed: number, crossAt: number, gaps: number[], colours: readonly (readonly [number, number, number])[]): SyntheticCar[] {
  return gaps.map((gap, k) => ({
    id: String(k + 1),
    top: 27 + k * 40,
    crossFrame: crossAt + gap,
    speed: speed * (1 - 0.02 * k),
    body: colours[k % colours.length] as readonly [number, number, number] as [number, number, number],
  }));
}

export const BENCH_SCENARIOS: SyntheticScenario[] = [
  scenario({ name: '1000 fps PNG, left-to-right, photo finish', fps: 1000, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'png', lineAt: 200, cars: field(1.5, 150.37, [0, 0.31, 4.62], [RED, BLUE, YELLOW]), seed: 1 }),
  scenario({ name: '1000 fps JPEG, right-to-left, 0.2-frame margin', fps: 1000, direction: 'right-to-left', shutter: 0.5, noise: 2.5, format: 'jpeg', lineAt: 200, cars: field(1.6, 150.61, [0, 0.2, 1.13], [YELLOW, GREEN, RED]), seed: 2 }),
  scenario({ name: '2000 fps PNG, down, slow cars', fps: 2000, direction: 'down', shutter: 0.8, noise: 2, format: 'png', lineAt: 200, cars: field(0.8, 160.18, [0, 0.27, 2.5], [BLUE, RED, WHITE]), seed: 3 }),
  scenario({ name: '240 fps JPEG, up, motion blur', fps: 240, direction: 'up', shutter: 1, noise: 3, format: 'jpeg', lineAt: 200, cars: field(6.5, 22.44, [0, 0.22, 0.9], [GREEN, YELLOW, BLUE]), seed: 4 }),
  scenario({ name: '120 fps PNG, left-to-right, fast, blur', fps: 120, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'png', lineAt: 200, cars: field(12, 14.71, [0, 0.35, 1.6], [RED, WHITE, GREEN]), seed: 5 }),
  scenario({ name: '500 fps JPEG, slanted line, left-to-right', fps: 500, direction: 'left-to-right', shutter: 0.5, noise: 2.5, format: 'jpeg', lineAt: 200.3, slope: 0.12, cars: field(3, 60.52, [0, 0.25, 2.2], [BLUE, YELLOW, RED]), seed: 6 }),
  scenario({ name: '1000 fps PNG, slanted line, right-to-left', fps: 1000, direction: 'right-to-left', shutter: 0.4, noise: 2, format: 'png', lineAt: 199.6, slope: -0.09, cars: field(2, 120.83, [0, 0.4, 1.7], [GREEN, RED, BLUE]), seed: 7 }),
  scenario({ name: '1000 fps JPEG, jittered timestamps (±0.3), down', fps: 1000, direction: 'down', shutter: 0.5, noise: 2, format: 'jpeg', lineAt: 200, jitter: 0.3, cars: field(1.7, 130.29, [0, 0.33, 3.1], [RED, BLUE, YELLOW]), seed: 8 }),
  scenario({ name: '600 fps PNG, dropped frames at the line', fps: 600, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'png', lineAt: 200, dropped: [70, 71, 74], cars: field(3, 70.4, [0, 0.45, 2.6], [YELLOW, BLUE, GREEN]), seed: 9 }),
  scenario({
    name: '1000 fps PNG, side by side (2 px apart) and overlapping',
    fps: 1000, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'png', lineAt: 200, seed: 10,
    cars: [
      { id: '1', top: 40, crossFrame: 150.42, speed: 1.5, body: [205, 40, 44] },
      { id: '2', top: 68, crossFrame: 153.17, speed: 1.52, body: [36, 92, 204] },
      // Nearer the camera and drawn over the lower third of car 2: the two touch in the composite.
      { id: '3', top: 84, crossFrame: 158.9, speed: 1.45, body: [236, 192, 36] },
    ],
  }),
  scenario({ name: '1000 fps JPEG, auto-exposure swings ±15 %', fps: 1000, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'jpeg', lineAt: 200, exposureSwing: 0.15, cars: field(1.5, 150.77, [0, 0.28, 2.9], [RED, GREEN, BLUE]), seed: 11 }),
  scenario({ name: '400 fps JPEG, heavy sensor noise (σ 6), up', fps: 400, direction: 'up', shutter: 0.7, noise: 6, format: 'jpeg', lineAt: 200, cars: field(4, 50.13, [0, 0.21, 1.4], [BLUE, RED, GREEN]), seed: 12 }),
  scenario({ name: '1000 fps PNG, exposure swings ±35 %, dead heat pair', fps: 1000, direction: 'right-to-left', shutter: 0.5, noise: 2.5, format: 'png', lineAt: 200, exposureSwing: 0.35, cars: field(1.5, 150.5, [0, 0.04, 0.6], [YELLOW, BLUE, RED]), seed: 13 }),
];

/**
 * Cases that broke earlier detectors: a car all in one of the stripe's colours over a wide chequered stripe (it
 * vanishes on the squares of its colour, so the composite shows it in pieces), two cars whose bodies touch side by
 * side (two competitors, one region), a car partly out of the picture, and cars casting a soft shadow ahead of
 * themselves (the real clip's downward cars).
 */
export const HARD_SCENARIOS: ScoredScenario[] = [
  scenario({
    name: 'white car over a white-and-black chequered stripe (16 px)',
    fps: 500, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'jpeg', lineAt: 200, stripeWidth: 16, seed: 21,
    cars: [
      { id: '1', top: 27, crossFrame: 60.41, speed: 3, body: [...STRIPE_WHITE], roof: [...STRIPE_WHITE], glass: [...STRIPE_BLACK] },
      { id: '2', top: 67, crossFrame: 62.73, speed: 2.9, body: [...RED] },
      { id: '3', top: 107, crossFrame: 61.17, speed: 3.1, body: [...STRIPE_WHITE], roof: [...STRIPE_WHITE], glass: [...STRIPE_BLACK] },
    ],
  }),
  scenario({
    name: 'black car over a white-and-black chequered stripe (16 px), down',
    fps: 1000, direction: 'down', shutter: 0.5, noise: 2, format: 'png', lineAt: 200, stripeWidth: 16, seed: 22,
    cars: [
      { id: '1', top: 27, crossFrame: 120.36, speed: 1.5, body: [...STRIPE_BLACK], roof: [...STRIPE_BLACK], glass: [...STRIPE_BLACK] },
      { id: '2', top: 67, crossFrame: 120.81, speed: 1.5, body: [...STRIPE_BLACK], roof: [...STRIPE_WHITE], glass: [...STRIPE_BLACK] },
      { id: '3', top: 107, crossFrame: 123.2, speed: 1.45, body: [...YELLOW] },
    ],
  }),
  scenario({
    name: 'two cars side by side with touching bodies (different colours, 0.3 frame apart)',
    fps: 1000, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'png', lineAt: 200, seed: 23,
    cars: [
      { id: '1', top: 40, crossFrame: 150.52, speed: 1.5, body: [...RED] },
      { id: '2', top: 66, crossFrame: 150.82, speed: 1.5, body: [...BLUE] },
    ],
  }),
  scenario({
    name: 'two cars side by side with touching bodies (same colour, same speed, 0.6 frame apart), JPEG',
    fps: 1000, direction: 'right-to-left', shutter: 0.5, noise: 2, format: 'jpeg', lineAt: 200, seed: 24,
    cars: [
      { id: '1', top: 40, crossFrame: 150.3, speed: 1.6, body: [...BLUE] },
      { id: '2', top: 66, crossFrame: 150.9, speed: 1.6, body: [...BLUE] },
      { id: '3', top: 112, crossFrame: 153.4, speed: 1.6, body: [...GREEN] },
    ],
  }),
  scenario({
    name: 'car partly out of the picture (half its width), up',
    fps: 600, direction: 'up', shutter: 0.5, noise: 2, format: 'jpeg', lineAt: 200, seed: 25,
    cars: [
      { id: '1', top: -13, crossFrame: 70.44, speed: 2.5, body: [...GREEN] },
      { id: '2', top: 67, crossFrame: 71.02, speed: 2.5, body: [...RED] },
      { id: '3', top: 164, crossFrame: 72.61, speed: 2.4, body: [...YELLOW] },
    ],
  }),
  scenario({
    name: 'cars casting a soft shadow ahead of themselves (as on car-detection.mp4), down',
    fps: 250, direction: 'down', shutter: 0.5, noise: 2.5, format: 'jpeg', lineAt: 200, seed: 26,
    cars: [
      { id: '1', top: 27, crossFrame: 30.37, speed: 6, body: [...WHITE], shadow: { depth: 0.8, length: 14 } },
      { id: '2', top: 67, crossFrame: 30.71, speed: 6, body: [...BLUE], shadow: { depth: 0.7, length: 12 } },
      { id: '3', top: 107, crossFrame: 32.05, speed: 5.8, body: [...RED], shadow: { depth: 0.85, length: 16 } },
    ],
  }),
];

/**
 * A car already on the line when the recording starts (it crossed before: suggested at the first column and
 * flagged) and one still on it when the recording ends (its crossing is read, and flagged).
 */
export const EDGE_OF_RECORDING_SCENARIOS: ScoredScenario[] = [
  scenario({
    name: 'car on the line in the first frame, another still on it in the last',
    fps: 500, direction: 'left-to-right', shutter: 0.5, noise: 2, format: 'png', lineAt: 200, seed: 41, frames: 90,
    cars: [
      { id: '1', top: 27, crossFrame: -8.3, speed: 3, body: [...RED] },
      { id: '2', top: 67, crossFrame: 40.62, speed: 3, body: [...BLUE] },
      { id: '3', top: 107, crossFrame: 80.27, speed: 3, body: [...YELLOW], length: 90 },
    ],
  }),
];

/** Native line-scan images (each column one line of the finish); sub-column edges, and the recording's ends. */
export const LINESCAN_SCENARIOS: ScoredScenario[] = [
  {
    ...scenario({ name: 'line-scan image, 2000 lines/s, three cars', fps: 2000, direction: 'left-to-right', shutter: 1, noise: 2, format: 'png', lineAt: 200, cars: field(1.2, 300.37, [0, 0.45, 6.2], [RED, BLUE, WHITE]), seed: 31 }),
    lineScan: true,
  },
  {
    ...scenario({
      name: 'line-scan image, 1000 lines/s, a car on the line in the first column, one still on it in the last',
      fps: 1000, direction: 'left-to-right', shutter: 1, noise: 2.5, format: 'png', lineAt: 200, seed: 32, frames: 400,
      cars: [
        { id: '1', top: 27, crossFrame: -20.4, speed: 1.5, body: [...GREEN] },
        { id: '2', top: 67, crossFrame: 150.73, speed: 1.5, body: [...YELLOW] },
        { id: '3', top: 107, crossFrame: 361.18, speed: 1.4, body: [...BLUE] },
      ],
    }),
    lineScan: true,
  },
];
