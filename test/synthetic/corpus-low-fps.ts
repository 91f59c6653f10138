/**
 * The corpus's footage of the web's kind (issue 25: the 10 frames/s walkers that gave 9 phantoms): 10–15 frames/s,
 * each frame through a GIF's palette with dithering, bodies that travel many pixels per frame or are only a few
 * pixels across, and bodies whose dark windows and road-grey stripes part them across the line. `k` (0: tuning,
 * 1: test) chooses each kind's seeds, speeds, palettes and placements, as corpus.ts's kinds do.
 */
import type { Rgb } from '../../app/demo/raster.js';
import { BLACK, BLUE, car, cyclist, DARK_GLASS, KIT, livery, person, RED, scene, WHITE, YELLOW } from './corpus-bodies.js';
import type { ScoredScenario } from './score.js';
import type { SyntheticPart } from './synthetic-scene.js';

/** Close to the track's asphalt (app/demo/track.ts): a rubbing strip or a dark panel that vanishes against the road. */
const ROAD_GREY: Rgb = [72, 74, 79];

/**
 * A side view's dark gaps: a band of side windows along the upper rows behind the nose, and a road-grey strip along
 * the middle from just behind the tip to the tail, so the body shows at the line as pieces across its rows.
 */
function darkGaps(width: number, length: number): SyntheticPart[] {
  return [
    { top: 0.14 * width, width: 0.26 * width, length: 0.45 * length, lead: -0.22 * length, colour: DARK_GLASS, noseRound: 1 },
    { top: 0.5 * width, width: 0.16 * width, length: length - 2, lead: -1, colour: ROAD_GREY, noseRound: 0 },
  ];
}

export function lowFrameRate(k: 0 | 1): ScoredScenario[] {
  const seed = (n: number) => 1000 * (k + 1) + 100 + n;
  const pick = <T>(tuning: T, test: T) => (k === 0 ? tuning : test);
  return [
    scene({
      name: `people walking in white and black, GIF palette, dithered (${pick(12, 10)} fps)`, fps: pick(12, 10), seed: seed(1), noise: 2.5, shutter: 0.3, breadth: 190,
      palette: { colours: pick(64, 48), dither: pick(1, 0.8) },
      cars: [
        person('1', pick(16, 104), pick(11.37, 13.21), pick(9, 10), pick(3, 4), KIT[2] as Rgb, 0.4),
        person('2', pick(104, 16), pick(14.62, 15.83), pick(10, 8.5), pick(4, 3), KIT[3] as Rgb, 2.1),
      ],
    }),
    scene({
      name: `cyclists, GIF palette, dithered (${pick(15, 12)} fps)`, fps: pick(15, 12), seed: seed(2), noise: 2.5, shutter: 0.3,
      palette: { colours: pick(64, 96), dither: 1 },
      cars: [cyclist('1', pick(10, 96), pick(9.41, 8.77), pick(16, 19), pick(4, 5), KIT[0] as Rgb), cyclist('2', pick(96, 10), pick(11.28, 10.36), pick(15, 18), pick(5, 3), KIT[1] as Rgb)],
    }),
    scene({
      name: `small bodies a few pixels across: walker, car, cyclist at half size, GIF palette (${pick(10, 15)} fps)`, fps: pick(10, 15), seed: seed(3), noise: 2, shutter: 0.3,
      palette: { colours: pick(32, 48), dither: pick(0.9, 1) },
      cars: [
        person('1', pick(26, 96), pick(9.33, 12.4), pick(6, 5), pick(3, 4), KIT[0] as Rgb, 1, 0.5),
        car('2', pick(74, 30), pick(10.71, 13.62), pick(7, 6.5), pick(YELLOW, RED), { width: 12, length: 30, noseRound: 2 }),
        cyclist('3', pick(92, 46), pick(12.18, 15.07), pick(8, 7), 4, KIT[1] as Rgb, 0.5),
      ],
    }),
    scene({
      name: `van with side windows and a road-grey strip, car with black livery, GIF palette (${pick(15, 12)} fps)`, fps: pick(15, 12), seed: seed(4), noise: 2.5, shutter: 0.4,
      palette: { colours: pick(64, 80), dither: pick(1, 0.9) },
      cars: [
        car('1', pick(24, 84), pick(10.46, 9.38), pick(14, 16), WHITE, { width: 56, length: 100, noseRound: 8, parts: darkGaps(56, 100) }),
        car('2', pick(100, 30), pick(12.83, 11.51), pick(13, 15), pick(BLUE, YELLOW), { width: 40, parts: livery(BLACK, 40, 64) }),
      ],
    }),
  ];
}
