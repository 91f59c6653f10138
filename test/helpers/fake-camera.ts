/**
 * Footage for Chromium's fake camera (`--use-file-for-fake-video-capture=FILE.y4m`), made by the test: the demo's
 * synthetic finish (track, cars crossing a vertical line, seeded sensor noise) rendered frame by frame and written
 * by ffmpeg as Y4M. Each frame can carry its own number as a bar code across the finish line at the bottom, so a
 * composite column tells which frame of the file it came from: the e2e test checks order, drops and pixels with it.
 * Quiet stretches (nothing crossing) are simply times when no car is near the line.
 */
import { spawn } from 'node:child_process';
import { createRandom, mixSeed } from '../../app/demo/prng.js';
import { cloneCanvas, drawCar, fillRect, quantise, type CarShape, type Rgb } from '../../app/demo/raster.js';
import { paintTrack } from '../../app/demo/track.js';

export interface FakeCar {
  /** When the nose reaches the line (s from the first frame). */
  crossS: number;
  /** px per second along +x (left to right). */
  speed: number;
  lane: number;
  body: Rgb;
}

export interface FakeCameraScene {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  lineX: number;
  cars: FakeCar[];
  /** Draw the frame number as a bar code across the line (bottom rows). */
  code: boolean;
  noise: number;
  seed: number;
}

/** The bar code: a white guard block, CODE_BITS bits (most significant first), a black guard block. */
export const CODE_BITS = 12;
export const CODE_BLOCK = 8;
export const CODE_ROWS = (CODE_BITS + 2) * CODE_BLOCK;
const CODE_HALF_WIDTH = 24;
const ON: Rgb = [235, 235, 235];
const OFF: Rgb = [20, 20, 20];

const LANE_TOP = 30;
const LANE_HEIGHT = 56;

function carShape(car: FakeCar, scene: FakeCameraScene, k: number): CarShape {
  return {
    length: 96,
    width: 40,
    top: LANE_TOP + car.lane * LANE_HEIGHT + 8,
    noseRound: 5,
    tailRound: 3,
    body: car.body,
    glass: [30, 34, 44],
    roof: [230, 230, 230],
    numberColour: [20, 20, 20],
    number: String(k + 1),
    noseAt: (t) => scene.lineX + car.speed * (t - car.crossS),
  };
}

function drawCode(data: Uint8Array, scene: FakeCameraScene, frame: number): void {
  const top = scene.height - CODE_ROWS;
  const x0 = Math.max(0, scene.lineX - CODE_HALF_WIDTH);
  const x1 = Math.min(scene.width, scene.lineX + CODE_HALF_WIDTH + 1);
  for (let b = 0; b < CODE_BITS + 2; b++) {
    const on = b === 0 ? true : b === CODE_BITS + 1 ? false : ((frame >> (CODE_BITS - b)) & 1) === 1;
    const colour = on ? ON : OFF;
    for (let y = top + b * CODE_BLOCK; y < top + (b + 1) * CODE_BLOCK; y++) {
      for (let x = x0; x < x1; x++) data.set(colour, (y * scene.width + x) * 3);
    }
  }
}

/** The frame number a column of the line carries (RGB, top to bottom), or null where the code is not readable. */
export function readCode(column: Uint8Array | Buffer, height: number): number | null {
  const top = height - CODE_ROWS;
  const level = (b: number): number => {
    // The middle rows of a block: chroma subsampling and JPEG blur its edges.
    let sum = 0;
    for (let y = top + b * CODE_BLOCK + 2; y < top + (b + 1) * CODE_BLOCK - 2; y++) sum += (column[y * 3] as number) + (column[y * 3 + 1] as number) + (column[y * 3 + 2] as number);
    return sum / ((CODE_BLOCK - 4) * 3);
  };
  const bit = (b: number): boolean | null => {
    const v = level(b);
    return v > 170 ? true : v < 85 ? false : null;
  };
  if (bit(0) !== true || bit(CODE_BITS + 1) !== false) return null;
  let n = 0;
  for (let b = 1; b <= CODE_BITS; b++) {
    const v = bit(b);
    if (v === null) return null;
    n = (n << 1) | (v ? 1 : 0);
  }
  return n;
}

/** Renders every frame as 8-bit RGB. */
export function* renderFakeCamera(scene: FakeCameraScene): Generator<Uint8Array> {
  const lanes = Math.floor((scene.height - CODE_ROWS - LANE_TOP - 10) / LANE_HEIGHT);
  const background = paintTrack({ width: scene.width, height: scene.height, laneTop: LANE_TOP, laneHeight: LANE_HEIGHT, lanes, lineX: () => scene.lineX, stripeWidth: 8, seed: scene.seed });
  // Below the track: plain ground, so the code is the only thing there.
  fillRect(background, 0, scene.height - CODE_ROWS - 6, scene.width, scene.height, [58, 112, 50]);
  const shapes = scene.cars.map((car, k) => carShape(car, scene, k));
  const frames = Math.round(scene.seconds * scene.fps);
  for (let i = 0; i < frames; i++) {
    const t = i / scene.fps;
    const canvas = cloneCanvas(background);
    for (const shape of shapes) {
      const nose = shape.noseAt(t);
      if (nose > -10 && nose - shape.length < scene.width + 10) drawCar(canvas, shape, t, 0);
    }
    const data = quantise(canvas, scene.noise, mixSeed(scene.seed, i));
    if (scene.code) drawCode(data, scene, i);
    yield data;
  }
}

/** Writes the scene as a Y4M file (4:2:0, the fake camera's format); returns the number of frames. */
export async function writeFakeCameraFile(scene: FakeCameraScene, file: string): Promise<number> {
  const ffmpeg = spawn('ffmpeg', ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${scene.width}x${scene.height}`, '-r', String(scene.fps), '-i', '-', '-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe', file], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  ffmpeg.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not write ${file}: ${stderr.trim()}`))));
  });
  let count = 0;
  for (const frame of renderFakeCamera(scene)) {
    if (!ffmpeg.stdin.write(frame)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
    count++;
  }
  ffmpeg.stdin.end();
  await done;
  return count;
}

/** The line's column of every frame of a Y4M file, as ffmpeg converts it to RGB (rows × 3 bytes each). */
export async function readLineColumns(file: string, width: number, height: number, lineX: number): Promise<Uint8Array[]> {
  const ffmpeg = spawn('ffmpeg', ['-v', 'error', '-i', file, '-vf', `format=rgb24,crop=1:${height}:${lineX}:0`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  ffmpeg.stdout.on('data', (c: Buffer) => chunks.push(c));
  await new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not read ${file}`))));
  });
  const all = Buffer.concat(chunks);
  const size = height * 3;
  return Array.from({ length: all.length / size }, (_, i) => new Uint8Array(all.subarray(i * size, (i + 1) * size)));
}

/** A quick seeded scene: `cars` crossing at the given times, or a quiet stretch between. */
export function fakeScene(partial: Partial<FakeCameraScene> & Pick<FakeCameraScene, 'width' | 'height' | 'fps' | 'seconds'>): FakeCameraScene {
  const rnd = createRandom(partial.seed ?? 7);
  return {
    lineX: Math.round(partial.width * 0.6),
    cars: [
      { crossS: partial.seconds * 0.45, speed: partial.width * 0.9, lane: 0, body: [205, 40, 44] },
      { crossS: partial.seconds * 0.45 + 0.05 + rnd() * 0.05, speed: partial.width * 0.85, lane: 1, body: [36, 92, 204] },
    ],
    code: true,
    noise: 2,
    seed: 7,
    ...partial,
  };
}
