/**
 * The still background of a synthetic finish: a straight seen from above with grass, a pit wall, lanes of
 * textured asphalt with dashed lane lines, and a chequered finish stripe across the track. Cars move along +x.
 */
import { createCanvas, fillRect, type Canvas, type Rgb } from './raster.js';
import { createRandom } from './prng.js';

export interface TrackLayout {
  width: number;
  height: number;
  /** y of the first lane's upper edge and the lane height (px); lanes are stacked downwards. */
  laneTop: number;
  laneHeight: number;
  lanes: number;
  /** x of the finish line at height y (a slanted line is a straight line x = a + b·y). */
  lineX(y: number): number;
  /** Width of the painted chequered stripe (px), centred on the camera line. */
  stripeWidth: number;
  seed: number;
}

const GRASS: Rgb = [58, 112, 50];
const WALL: Rgb = [176, 176, 170];
const ASPHALT: Rgb = [74, 76, 80];
const WHITE: Rgb = [236, 236, 232];
const BLACK: Rgb = [26, 26, 28];

export function paintTrack(t: TrackLayout): Canvas {
  const c = createCanvas(t.width, t.height, GRASS);
  const rnd = createRandom(t.seed);
  const trackTop = t.laneTop;
  const trackBottom = t.laneTop + t.lanes * t.laneHeight;
  // Grass stripes from mowing, then the pit wall above the track with its sponsor panels.
  for (let x = 0; x < t.width; x += 24) fillRect(c, x, 0, x + 12, t.height, [66, 124, 56], 0.6);
  fillRect(c, 0, trackTop - 10, t.width, trackTop - 2, WALL);
  for (let x = 8; x < t.width; x += 64) fillRect(c, x, trackTop - 9, x + 40, trackTop - 3, [40 + (x % 3) * 60, 60, 150 - (x % 5) * 20], 0.8);
  fillRect(c, 0, trackTop - 2, t.width, trackTop, WHITE);
  fillRect(c, 0, trackTop, t.width, trackBottom, ASPHALT);
  fillRect(c, 0, trackBottom, t.width, trackBottom + 2, WHITE);
  // Lane lines: dashed white, two px.
  for (let lane = 1; lane < t.lanes; lane++) {
    const y = trackTop + lane * t.laneHeight;
    for (let x = 0; x < t.width; x += 40) fillRect(c, x, y - 1, x + 22, y + 1, WHITE, 0.85);
  }
  // Asphalt grain: fixed per-pixel texture plus a few darker patches (oil, rubber).
  for (let y = trackTop; y < trackBottom; y++) {
    for (let x = 0; x < t.width; x++) {
      const g = (rnd() - 0.5) * 14;
      const i = (y * t.width + x) * 3;
      for (let k = 0; k < 3; k++) c.data[i + k] = (c.data[i + k] as number) + g;
    }
  }
  for (let n = 0; n < 12; n++) {
    const px = rnd() * t.width;
    const py = trackTop + rnd() * (trackBottom - trackTop);
    fillRect(c, px, py, px + 20 + rnd() * 50, py + 3 + rnd() * 6, [40, 40, 44], 0.25);
  }
  // Chequered stripe centred on the camera line, squares of half the stripe width.
  const square = t.stripeWidth / 2;
  for (let y = trackTop; y < trackBottom; y++) {
    const centre = t.lineX(y);
    const left = centre - t.stripeWidth / 2;
    for (let x = Math.floor(left); x <= Math.ceil(left + t.stripeWidth); x++) {
      if (x < 0 || x >= t.width) continue;
      const cover = Math.max(0, Math.min(x + 0.5, left + t.stripeWidth) - Math.max(x - 0.5, left));
      if (cover <= 0) continue;
      const col = Math.floor((x - left) / square);
      const row = Math.floor((y - trackTop) / square);
      const colour = (col + row) % 2 === 0 ? WHITE : BLACK;
      const i = (y * t.width + x) * 3;
      for (let k = 0; k < 3; k++) c.data[i + k] = (c.data[i + k] as number) * (1 - cover) + (colour[k] as number) * cover;
    }
  }
  return c;
}
