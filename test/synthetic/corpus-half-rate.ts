/**
 * A second draw of the tuning set: each generated tuning scene filmed at half its frame rate. The bodies move as many
 * pixels per second as before, so twice as many per frame; limbs swing through twice the stride between frames;
 * every time in frames (crossings, swings, flicker, the sun's ramp) halves. A fixed rule, chosen without the test
 * set's numbers, that widens what the detector is tuned on: a fix that holds at one frame rate only shows here.
 * Scenes already at 10–15 frames/s (corpus-low-fps.ts) are left out: at 5–7 frames/s a walker's stride is two frames.
 */
import type { SyntheticCar, SyntheticScenario } from './synthetic-race.js';
import { framesFor } from './corpus-bodies.js';
import type { SyntheticPart, SyntheticPhantom } from './synthetic-scene.js';

/** Slowest frame rate a scene must have to be drawn again at half of it. */
export const HALF_RATE_FROM_FPS = 60;

const halfSwing = (p: SyntheticPart): SyntheticPart => (p.swing ? { ...p, swing: { ...p.swing, periodFrames: p.swing.periodFrames / 2 } } : p);

function halfCar(c: SyntheticCar): SyntheticCar {
  return {
    ...c,
    crossFrame: c.crossFrame / 2,
    speed: c.speed * 2,
    ...(c.accel !== undefined ? { accel: c.accel * 4 } : {}),
    ...(c.parts ? { parts: c.parts.map(halfSwing) } : {}),
  };
}

function halfPhantom(p: SyntheticPhantom): SyntheticPhantom {
  switch (p.kind) {
    case 'shadow':
    case 'glint':
      return { ...p, speed: p.speed * 2, crossFrame: p.crossFrame / 2 };
    case 'standing':
    case 'sway':
      return { ...p, periodFrames: p.periodFrames / 2 };
    case 'light':
      return { ...p, fromFrame: p.fromFrame / 2, rampFrames: p.rampFrames / 2 };
  }
}

/** The scene at half its frame rate (see above), with seed `seed` and its name's rate halved. */
export function atHalfRate<S extends SyntheticScenario>(s: S, seed: number): S {
  const fps = s.fps / 2;
  const cars = s.cars.map(halfCar);
  return {
    ...s,
    name: s.name.replace(/\b(\d+) fps/, (_, n: string) => `${Number(n) / 2} fps, half-rate draw`),
    fps,
    seed,
    cars,
    frames: framesFor(fps, cars),
    ...(s.phantoms ? { phantoms: s.phantoms.map(halfPhantom) } : {}),
    ...(s.flicker ? { flicker: { ...s.flicker, periodFrames: s.flicker.periodFrames / 2 } } : {}),
  };
}
