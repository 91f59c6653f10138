/**
 * A small software rasteriser for synthetic finish-line footage: cars seen from above, moving along +x, drawn
 * with exact anti-aliased coverage and a box motion blur over the shutter time, so the ground truth (the moment a
 * nose reaches the line) is known to a fraction of a pixel. Used by the demo race and by the synthetic benchmark
 * races in `test/synthetic/` (which mirror or transpose the result for other directions).
 *
 * Coordinates are pixel-centre coordinates: pixel i covers [i - 0.5, i + 0.5], the same convention the composite
 * builder uses when it samples a finish line (a line at x = 320 reads pixel 320 exactly). Colours are linear
 * 0–255 floats until `quantise` adds sensor noise and rounds to bytes.
 */
import { createGaussian, createRandom } from './prng.js';

export type Rgb = readonly [number, number, number];

export interface Canvas {
  width: number;
  height: number;
  /** Interleaved RGB, 0–255 floats. */
  data: Float32Array;
}

export interface CarShape {
  /** Nose tip to tail, along the motion (px). */
  length: number;
  /** Across the motion (px). */
  width: number;
  /** y of the car's upper side (px, pixel-centre coordinates). */
  top: number;
  /** How far the nose corners sit behind the tip (px): the nose is a parabola across the car's width. */
  noseRound: number;
  tailRound: number;
  body: Rgb;
  glass: Rgb;
  roof: Rgb;
  numberColour: Rgb;
  /** Painted on the roof, digits only. */
  number: string;
  /** x of the nose tip at time t seconds. Must be increasing. */
  noseAt(t: number): number;
}

export function createCanvas(width: number, height: number, fill: Rgb): Canvas {
  const data = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    data[i * 3] = fill[0];
    data[i * 3 + 1] = fill[1];
    data[i * 3 + 2] = fill[2];
  }
  return { width, height, data };
}

export function cloneCanvas(c: Canvas): Canvas {
  return { width: c.width, height: c.height, data: new Float32Array(c.data) };
}

/** Fills a pixel rectangle (integer bounds, clipped), blending with `alpha`. */
export function fillRect(c: Canvas, x0: number, y0: number, x1: number, y1: number, colour: Rgb, alpha = 1): void {
  const xa = Math.max(0, Math.floor(x0));
  const ya = Math.max(0, Math.floor(y0));
  const xb = Math.min(c.width, Math.ceil(x1));
  const yb = Math.min(c.height, Math.ceil(y1));
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const i = (y * c.width + x) * 3;
      for (let k = 0; k < 3; k++) c.data[i + k] = (c.data[i + k] as number) * (1 - alpha) + (colour[k] as number) * alpha;
    }
  }
}

/** How far the car's outline sits behind its tip at height y (nose or tail parabola); Infinity outside the car. */
function outlineInset(car: CarShape, y: number, round: number): number {
  const half = car.width / 2;
  const v = (y - (car.top + half)) / half;
  if (v < -1 || v > 1) return Infinity;
  return round * v * v;
}

/**
 * The earliest moment any part of the car touches the line x = lineX(y): the ground truth of a leading edge.
 * Solved on a fine grid across the car's width, then by bisection in time (noseAt is increasing).
 */
export function crossingTime(car: CarShape, lineX: (y: number) => number, tFrom: number, tTo: number): number {
  let needed = Infinity;
  const steps = 2000;
  for (let k = 0; k <= steps; k++) {
    const y = car.top + (car.width * k) / steps;
    needed = Math.min(needed, lineX(y) + outlineInset(car, y, car.noseRound));
  }
  let lo = tFrom;
  let hi = tTo;
  if (car.noseAt(lo) > needed || car.noseAt(hi) < needed) throw new RangeError('car does not reach the line in the time range');
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (car.noseAt(mid) < needed) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// 3×5 digit glyphs, rows top to bottom, bits left to right.
const DIGITS: Record<string, number[]> = {
  '0': [7, 5, 5, 5, 7],
  '1': [2, 6, 2, 2, 7],
  '2': [7, 1, 7, 4, 7],
  '3': [7, 1, 7, 1, 7],
  '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7],
  '6': [7, 4, 7, 5, 7],
  '7': [7, 1, 1, 1, 1],
  '8': [7, 5, 7, 5, 7],
  '9': [7, 5, 7, 1, 7],
};

/** True where the number painted in a box of w × h (origin top-left) has ink at (px, py). */
function numberInk(text: string, w: number, h: number, px: number, py: number): boolean {
  const n = text.length;
  if (n === 0) return false;
  const cell = Math.max(1, Math.min(Math.floor(h / 5), Math.floor(w / (4 * n - 1))));
  const textW = cell * (4 * n - 1);
  const textH = cell * 5;
  const gx = Math.floor(px - (w - textW) / 2);
  const gy = Math.floor(py - (h - textH) / 2);
  if (gx < 0 || gy < 0 || gx >= textW || gy >= textH) return false;
  const cx = Math.floor(gx / cell);
  const digit = Math.floor(cx / 4);
  const col = cx % 4;
  if (col === 3) return false;
  const rows = DIGITS[text[digit] ?? ''];
  if (!rows) return false;
  const bits = rows[Math.floor(gy / cell)] ?? 0;
  return ((bits >> (2 - col)) & 1) === 1;
}

/** The car's paint at a point `d` px behind the tip and `u` (0–1) across its width. */
function paintAt(car: CarShape, d: number, u: number, x: number, roofLeft: number): Rgb {
  const L = car.length;
  if (u > 0.12 && u < 0.88) {
    if ((d > 0.3 * L && d < 0.38 * L) || (d > 0.7 * L && d < 0.76 * L)) return car.glass;
    if (d >= 0.38 * L && d <= 0.7 * L) {
      const boxW = 0.32 * L;
      const boxH = 0.76 * car.width;
      return numberInk(car.number, boxW, boxH, x - roofLeft, (u - 0.12) * car.width) ? car.numberColour : car.roof;
    }
  }
  if (d > 0.95 * L) return [car.body[0] * 0.6, car.body[1] * 0.6, car.body[2] * 0.6];
  return car.body;
}

/**
 * Draws a car into the canvas as it appears in a frame exposed over [t - shutter/2, t + shutter/2]: its coverage
 * of every pixel is averaged over `samples` instants of the exposure (box motion blur), then blended over what
 * is already there (cars drawn later are nearer the camera).
 */
export function drawCar(c: Canvas, car: CarShape, t: number, shutterS: number): void {
  const tipMid = car.noseAt(t);
  const blurPx = Math.abs(car.noseAt(t + shutterS / 2) - car.noseAt(t - shutterS / 2));
  const samples = shutterS > 0 ? Math.min(24, Math.max(2, Math.ceil(blurPx * 4))) : 1;
  const tips: number[] = [];
  for (let k = 0; k < samples; k++) {
    const tk = samples === 1 ? t : t - shutterS / 2 + (shutterS * (k + 0.5)) / samples;
    tips.push(car.noseAt(tk));
  }
  const tipMax = Math.max(...tips);
  const tipMin = Math.min(...tips);
  const xStart = Math.max(0, Math.floor(tipMin - car.length - 1));
  const xEnd = Math.min(c.width - 1, Math.ceil(tipMax + 1));
  if (xStart > xEnd) return;
  const yStart = Math.max(0, Math.floor(car.top - 0.5));
  const yEnd = Math.min(c.height - 1, Math.ceil(car.top + car.width + 0.5));
  const roofLeft = tipMid - 0.7 * car.length;
  for (let y = yStart; y <= yEnd; y++) {
    const yCover = Math.max(0, Math.min(y + 0.5, car.top + car.width) - Math.max(y - 0.5, car.top));
    if (yCover <= 0) continue;
    const yc = Math.min(Math.max(y, car.top), car.top + car.width);
    const noseInset = outlineInset(car, yc, car.noseRound);
    const tailInset = outlineInset(car, yc, car.tailRound);
    if (!Number.isFinite(noseInset)) continue;
    const u = (yc - car.top) / car.width;
    for (let x = xStart; x <= xEnd; x++) {
      let cover = 0;
      for (const tip of tips) {
        const front = tip - noseInset;
        const back = tip - car.length + tailInset;
        const o = Math.min(x + 0.5, front) - Math.max(x - 0.5, back);
        if (o > 0) cover += Math.min(1, o);
      }
      if (cover <= 0) continue;
      const alpha = (cover / samples) * yCover;
      const paint = paintAt(car, tipMid - x, u, x, roofLeft);
      const i = (y * c.width + x) * 3;
      c.data[i] = (c.data[i] as number) * (1 - alpha) + paint[0] * alpha;
      c.data[i + 1] = (c.data[i + 1] as number) * (1 - alpha) + paint[1] * alpha;
      c.data[i + 2] = (c.data[i + 2] as number) * (1 - alpha) + paint[2] * alpha;
    }
  }
}

/** A fixed table of unit normal noise, shared by every frame (each frame starts at its own seeded offset). */
const NOISE_TABLE_SIZE = 1 << 20;
let noiseTable: Float32Array | null = null;
function sharedNoise(): Float32Array {
  if (!noiseTable) {
    const gauss = createGaussian(0x5eed);
    noiseTable = new Float32Array(NOISE_TABLE_SIZE);
    for (let i = 0; i < NOISE_TABLE_SIZE; i++) noiseTable[i] = gauss();
  }
  return noiseTable;
}

/**
 * Rounds a canvas to 8-bit RGB with sensor noise of `sigma` grey levels (seeded), optionally scaled by `gain`
 * first (an auto-exposure swing). Noise comes from a fixed table read from a seed-chosen offset: rendering stays
 * deterministic and costs one multiply-add per sample.
 */
export function quantise(c: Canvas, sigma: number, seed: number, gain = 1): Uint8Array {
  const out = new Uint8Array(c.data.length);
  const table = sharedNoise();
  const mask = NOISE_TABLE_SIZE - 1;
  let j = Math.floor(createRandom(seed)() * NOISE_TABLE_SIZE);
  for (let i = 0; i < c.data.length; i++) {
    const v = (c.data[i] as number) * gain + (table[j++ & mask] as number) * sigma;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
  }
  return out;
}
