/**
 * Synthetic finish-line footage with exact ground truth, for the detector's tests and accuracy benchmark.
 *
 * Everything is drawn by the demo's rasteriser in a canonical view (cars moving along +x past a near-vertical
 * line), with the shutter's motion blur and seeded sensor noise, then mirrored or transposed so cars travel
 * left-to-right, right-to-left, up or down. Frames may be captured with jittered timestamps (the timestamps file
 * carries each frame's true time) and some frames may be missing (dropped). Frame i is the view at the middle of
 * its exposure, which is the time written for it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { FinishLine } from '../../app/domain/race/evidence.js';
import { ticksToDecimalSeconds } from '../../app/domain/time/ticks.js';
import { createRandom, mixSeed } from '../../app/demo/prng.js';
import { cloneCanvas, crossingTime, drawCar, quantise, type Canvas, type CarShape, type Rgb } from '../../app/demo/raster.js';
import { paintTrack } from '../../app/demo/track.js';
import { drawPhantom, firstTouch, partShape, shakeAcross, type SyntheticPart, type SyntheticPhantom } from './synthetic-scene.js';

export type Direction = 'left-to-right' | 'right-to-left' | 'up' | 'down';

export interface SyntheticCar {
  id: string;
  /** Upper side across the motion, canonical px (lanes are 40 px from y = 20 by default). */
  top: number;
  width?: number;
  length?: number;
  /** Crossing moment in frame intervals from the first frame (fractional). */
  crossFrame: number;
  /** Speed in px per frame interval at the line. */
  speed: number;
  /** Change of speed per frame interval (px/frame²), e.g. a car lifting off after the line. */
  accel?: number;
  body: Rgb;
  /** Roof panel and glass (default a white roof panel and dark glass): a car all in the stripes' colour sets both. */
  roof?: Rgb;
  glass?: Rgb;
  noseRound?: number;
  /**
   * A soft shadow on the road ahead of the nose, as a car lit from behind casts: the road darkened by `depth`
   * (0–1) right at the nose, fading exponentially over `length` px ahead of it and 3 px beside the car.
   */
  shadow?: { depth: number; length: number; hard?: boolean };
  /** Parts that move with the body (limbs, head, wheels, stripes): drawn over it; its crossing is their first touch too. */
  parts?: SyntheticPart[];
}

export interface SyntheticScenario {
  name: string;
  fps: number;
  frames: number;
  /** Canonical frame: `length` px along the motion, `breadth` across it. */
  length: number;
  breadth: number;
  direction: Direction;
  /** Exposure as a fraction of the frame interval (0: no motion blur). */
  shutter: number;
  /** Sensor noise, grey levels (1 sigma). */
  noise: number;
  format: 'png' | 'jpeg';
  /** Line position along the motion (canonical x at mid-breadth) and its slant (dx per px across). */
  lineAt: number;
  slope?: number;
  /** Timestamp jitter as a fraction of the interval (uniform ±). */
  jitter?: number;
  /** Frames that the camera dropped (no file, no timestamp). */
  dropped?: number[];
  /** Exposure swings: frame gain varies by up to this fraction (auto-exposure). */
  exposureSwing?: number;
  /** Width of the chequered stripe painted on the line (px; squares half as wide). Default 6. */
  stripeWidth?: number;
  cars: SyntheticCar[];
  seed: number;
  /** Mains flicker: every frame's gain 1 + amp·sin(2π·frame/periodFrames). */
  flicker?: { amp: number; periodFrames: number };
  /** A shaking mount: each frame shifted across the motion by up to this many whole rows (vertical lines only). */
  shake?: number;
  /** JPEG quality (default 90). */
  jpegQuality?: number;
  /** Picture changes that are no crossing (synthetic-scene.ts). */
  phantoms?: SyntheticPhantom[];
  /**
   * GIF-style palette quantisation (as the web's low-frame-rate clips are): each frame reduced to `colours` colours
   * with error-diffusion dithering of strength `dither` (0–1), then stored losslessly (PNG) as the GIF would decode.
   */
  palette?: { colours: number; dither: number };
}

export interface SyntheticTruth {
  id: string;
  /** Exact crossing time (s): the first moment any part of the car touches the line. */
  crossingS: number;
  /** Rows of the composite the car covers (approximate for slanted lines). */
  across: [number, number];
  /** Already on the line in the first frame (crossed before the recording), or still on it in the last. */
  onLineAtStart: boolean;
  onLineAtEnd: boolean;
}

export interface SyntheticRace {
  framesDir: string;
  timestampsFile: string;
  line: FinishLine;
  truth: SyntheticTruth[];
  intervalS: number;
}

const LANE_TOP = 20;
const LANE_HEIGHT = 40;

export function carShape(c: SyntheticCar, s: SyntheticScenario): CarShape {
  const dt = 1 / s.fps;
  const v = c.speed / dt; // px/s
  const a = (c.accel ?? 0) / (dt * dt);
  const tc = c.crossFrame * dt;
  const width = c.width ?? 26;
  const lineX = (y: number) => s.lineAt + (s.slope ?? 0) * (y - s.breadth / 2);
  // The tip reaches the line at its row of first contact exactly at tc: shift the path so it does.
  const shape: CarShape = {
    length: c.length ?? 64,
    width,
    top: c.top,
    noseRound: c.noseRound ?? 4,
    tailRound: 3,
    body: c.body,
    glass: c.glass ?? [30, 34, 44],
    roof: c.roof ?? [230, 230, 230],
    numberColour: [20, 20, 20],
    number: c.id.replace(/\D/g, '').slice(0, 2),
    noseAt: (t) => v * (t - tc) + 0.5 * a * (t - tc) * (t - tc),
  };
  // Where the nose must be at tc for its first contact to happen then: the nearest point of line minus outline.
  let needed = Infinity;
  for (let k = 0; k <= 2000; k++) {
    const y = c.top + (width * k) / 2000;
    const u = (y - (c.top + width / 2)) / (width / 2);
    needed = Math.min(needed, lineX(y) + shape.noseRound * u * u);
  }
  const base = shape.noseAt;
  shape.noseAt = (t) => needed + base(t);
  return shape;
}

/** Pixel-centre coordinates map under mirroring x → W−1−x and transposition (x, y) → (y, x). */
function orient(raw: Uint8Array, W: number, H: number, direction: Direction): { data: Uint8Array; width: number; height: number } {
  if (direction === 'left-to-right') return { data: raw, width: W, height: H };
  if (direction === 'right-to-left') {
    const out = new Uint8Array(raw.length);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out.set(raw.subarray((y * W + x) * 3, (y * W + x) * 3 + 3), (y * W + (W - 1 - x)) * 3);
    return { data: out, width: W, height: H };
  }
  // Transposed: canonical x becomes y (down), or W−1−x (up); canonical y becomes x.
  const out = new Uint8Array(raw.length);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const ny = direction === 'down' ? x : W - 1 - x;
      out.set(raw.subarray((y * W + x) * 3, (y * W + x) * 3 + 3), (ny * H + y) * 3);
    }
  }
  return { data: out, width: H, height: W };
}

function lineFor(s: SyntheticScenario): FinishLine {
  const slope = s.slope ?? 0;
  const W = s.length;
  const H = s.breadth;
  const xAt = (y: number) => s.lineAt + slope * (y - H / 2);
  if (slope === 0 && Number.isInteger(s.lineAt)) {
    if (s.direction === 'left-to-right') return { kind: 'column', x: s.lineAt };
    if (s.direction === 'right-to-left') return { kind: 'column', x: W - 1 - s.lineAt };
  }
  const x1 = xAt(0);
  const x2 = xAt(H - 1);
  switch (s.direction) {
    case 'left-to-right':
      return { kind: 'segment', x1, y1: 0, x2, y2: H - 1 };
    case 'right-to-left':
      return { kind: 'segment', x1: W - 1 - x1, y1: 0, x2: W - 1 - x2, y2: H - 1 };
    case 'down':
      return { kind: 'segment', x1: 0, y1: x1, x2: H - 1, y2: x2 };
    case 'up':
      return { kind: 'segment', x1: 0, y1: W - 1 - x1, x2: H - 1, y2: W - 1 - x2 };
  }
}

export async function renderSyntheticRace(s: SyntheticScenario, dir: string): Promise<SyntheticRace> {
  const framesDir = path.join(dir, 'frames');
  await mkdir(framesDir, { recursive: true });
  const dt = 1 / s.fps;
  const lineX = (y: number) => s.lineAt + (s.slope ?? 0) * (y - s.breadth / 2);
  const lanes = Math.max(1, Math.floor((s.breadth - 2 * LANE_TOP) / LANE_HEIGHT));
  const background = paintTrack({ width: s.length, height: s.breadth, laneTop: LANE_TOP, laneHeight: LANE_HEIGHT, lanes, lineX, stripeWidth: s.stripeWidth ?? 6, seed: s.seed });
  const shapes = s.cars.map((c) => carShape(c, s));
  const rnd = createRandom(mixSeed(s.seed, 7));
  const dropped = new Set(s.dropped ?? []);
  const stamps = ['file,time_s'];
  const ext = s.format === 'png' || s.palette ? 'png' : 'jpg';
  const jobs: Promise<void>[] = [];
  for (let i = 0; i < s.frames; i++) {
    const jitter = s.jitter ? (rnd() * 2 - 1) * s.jitter : 0;
    const swing = s.exposureSwing ? 1 + (rnd() * 2 - 1) * s.exposureSwing : 1;
    if (dropped.has(i)) continue;
    // The true capture time to the nanosecond: the timestamps file holds it exactly, and the frame shows it.
    const ns = BigInt(Math.round((i + jitter) * dt * 1e9));
    const t = Number(ns) / 1e9;
    let canvas = cloneCanvas(background);
    for (const p of s.phantoms ?? []) drawPhantom(canvas, p, t / dt, s.lineAt, (blob) => drawCar(canvas, blob, t, s.shutter * dt));
    shapes.forEach((shape, k) => {
      const shadow = (s.cars[k] as SyntheticCar).shadow;
      if (shadow) drawShadow(canvas, shape, t, shadow);
    });
    shapes.forEach((shape, k) => {
      drawCar(canvas, shape, t, s.shutter * dt);
      for (const part of (s.cars[k] as SyntheticCar).parts ?? []) drawCar(canvas, partShape(shape, part, s.fps), t, s.shutter * dt);
    });
    if (s.shake) canvas = shakeAcross(canvas, Math.round((rnd() * 2 - 1) * s.shake));
    const flicker = s.flicker ? 1 + s.flicker.amp * Math.sin((2 * Math.PI * i) / s.flicker.periodFrames) : 1;
    const raw = quantise(canvas, s.noise, mixSeed(s.seed, i), swing * flicker);
    const o = orient(raw, s.length, s.breadth, s.direction);
    const name = `frame_${String(i).padStart(5, '0')}.${ext}`;
    stamps.push(`${name},${ticksToDecimalSeconds(ns)}`);
    jobs.push(encodeFrame(s, o, path.join(framesDir, name)));
    if (jobs.length >= 8) await Promise.all(jobs.splice(0));
  }
  await Promise.all(jobs);
  const timestampsFile = path.join(dir, 'timestamps.csv');
  await writeFile(timestampsFile, `${stamps.join('\n')}\n`);
  const truth = shapes.map((shape, k) => truthOf(s, shape, s.cars[k] as SyntheticCar));
  return { framesDir, timestampsFile, line: lineFor(s), truth, intervalS: dt };
}

/** One frame to its file: PNG, JPEG, or through a GIF's palette and dithering and then PNG. */
async function encodeFrame(s: SyntheticScenario, o: { data: Uint8Array; width: number; height: number }, file: string): Promise<void> {
  const raw = { raw: { width: o.width, height: o.height, channels: 3 as const } };
  let pixels = Buffer.from(o.data.buffer, o.data.byteOffset, o.data.byteLength);
  if (s.palette) {
    const gif = await sharp(pixels, raw).gif({ colours: s.palette.colours, dither: s.palette.dither, effort: 1 }).toBuffer();
    pixels = await sharp(gif).removeAlpha().raw().toBuffer();
  }
  const img = sharp(pixels, raw);
  const encoded = s.format === 'png' || s.palette ? img.png({ compressionLevel: 1 }) : img.jpeg({ quality: s.jpegQuality ?? 90 });
  await encoded.toFile(file);
}

/**
 * A car's ground truth: the first moment any part of it that is in the picture touches the line (a car partly out
 * of the frame is judged by its visible part, as an official sees it), and whether it is on the line when the
 * recording starts or ends.
 */
export function truthOf(s: SyntheticScenario, shape: CarShape, car: SyntheticCar): SyntheticTruth {
  const dt = 1 / s.fps;
  const lineX = (y: number) => s.lineAt + (s.slope ?? 0) * (y - s.breadth / 2);
  const visible = (y: number) => (y >= -0.5 && y <= s.breadth - 0.5 ? lineX(y) : Infinity);
  const end = (s.frames - 1) * dt;
  const onLine = (t: number) => shape.noseAt(t) >= s.lineAt - 1 && shape.noseAt(t) - shape.length <= s.lineAt + 1;
  const onLineAtStart = onLine(0);
  const parts = (car.parts ?? []).map((p) => partShape(shape, p, s.fps));
  const inView = (y: number) => y >= -0.5 && y <= s.breadth - 0.5;
  const crossingS = onLineAtStart
    ? 0
    : parts.length
      ? firstTouch([shape, ...parts], lineX, inView, (car.crossFrame - 4 - aheadPx(car) / car.speed) * dt, s.frames * dt + 1, dt)
      : crossingTime(shape, visible, -1, s.frames * dt + 1);
  const all = [shape, ...parts];
  const top = Math.max(0, Math.round(Math.min(...all.map((p) => p.top))));
  const bottom = Math.min(s.breadth - 1, Math.round(Math.max(...all.map((p) => p.top + p.width))));
  return { id: car.id, crossingS, across: [top, bottom], onLineAtStart, onLineAtEnd: onLine(end) };
}

/** How far any part of a body can reach ahead of its nose tip (px). */
function aheadPx(car: SyntheticCar): number {
  return Math.max(0, ...(car.parts ?? []).map((p) => p.lead + (p.swing?.amp ?? 0)));
}

/** The shadow a car casts ahead of its nose at time t: the road darkened, deepest at the nose (no motion blur). */
export function drawShadow(c: Canvas, car: CarShape, t: number, shadow: { depth: number; length: number; hard?: boolean }): void {
  const tip = car.noseAt(t);
  const reach = Math.ceil(shadow.length * 6);
  for (let y = Math.max(0, Math.floor(car.top - 3)); y <= Math.min(c.height - 1, Math.ceil(car.top + car.width + 3)); y++) {
    const outside = Math.max(0, car.top - y, y - (car.top + car.width));
    const side = Math.max(0, 1 - outside / 3);
    const u = (Math.min(Math.max(y, car.top), car.top + car.width) - (car.top + car.width / 2)) / (car.width / 2);
    const front = tip - car.noseRound * u * u;
    for (let x = Math.max(0, Math.floor(front)); x <= Math.min(c.width - 1, Math.ceil(front + reach)); x++) {
      const d = x + 0.5 - front;
      if (d <= 0) continue;
      const fall = shadow.hard ? Math.max(0, Math.min(1, shadow.length - d + 0.5)) : Math.exp(-d / shadow.length);
      const k = 1 - shadow.depth * side * fall;
      const i = (y * c.width + x) * 3;
      for (let ch = 0; ch < 3; ch++) c.data[i + ch] = (c.data[i + ch] as number) * k;
    }
  }
}
