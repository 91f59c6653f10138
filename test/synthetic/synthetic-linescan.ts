/**
 * A synthetic native line-scan image with exact ground truth: the scene of a synthetic race (canonical view, cars
 * moving along +x past a vertical line) sampled on the line itself at the scenario's rate, one column per line, as
 * a line-scan camera records it (each column exposed over the shutter time, so a nose arriving mid-exposure leaves a
 * partly covered column).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { cloneCanvas, drawCar, quantise } from '../../app/demo/raster.js';
import { paintTrack } from '../../app/demo/track.js';
import { mixSeed } from '../../app/demo/prng.js';
import { carShape, drawShadow, truthOf, type SyntheticCar, type SyntheticScenario, type SyntheticTruth } from './synthetic-race.js';

export interface SyntheticLineScan {
  file: string;
  /** Lines per second (column i is at i / rate seconds). */
  rate: number;
  truth: SyntheticTruth[];
  intervalS: number;
}

export async function renderSyntheticLineScan(s: SyntheticScenario, dir: string): Promise<SyntheticLineScan> {
  if (s.direction !== 'left-to-right' || s.slope || !Number.isInteger(s.lineAt)) throw new RangeError('a synthetic line scan is drawn left-to-right on a straight integer line');
  await mkdir(dir, { recursive: true });
  const dt = 1 / s.fps;
  const lanes = Math.max(1, Math.floor((s.breadth - 40) / 40));
  const background = paintTrack({ width: s.length, height: s.breadth, laneTop: 20, laneHeight: 40, lanes, lineX: () => s.lineAt, stripeWidth: s.stripeWidth ?? 6, seed: s.seed });
  const shapes = s.cars.map((c) => carShape(c, s));
  const W = s.frames;
  const H = s.breadth;
  const out = new Uint8Array(W * H * 3);
  for (let i = 0; i < W; i++) {
    const t = i * dt;
    const canvas = cloneCanvas(background);
    shapes.forEach((shape, k) => {
      const shadow = (s.cars[k] as SyntheticCar).shadow;
      if (shadow) drawShadow(canvas, shape, t, shadow);
    });
    for (const shape of shapes) drawCar(canvas, shape, t, s.shutter * dt);
    const raw = quantise(canvas, s.noise, mixSeed(s.seed, i));
    for (let y = 0; y < H; y++) out.set(raw.subarray((y * s.length + s.lineAt) * 3, (y * s.length + s.lineAt) * 3 + 3), (y * W + i) * 3);
  }
  const file = path.join(dir, 'linescan.png');
  await sharp(Buffer.from(out.buffer), { raw: { width: W, height: H, channels: 3 } }).png({ compressionLevel: 1 }).toFile(file);
  return { file, rate: s.fps, truth: shapes.map((shape, k) => truthOf(s, shape, s.cars[k] as SyntheticCar)), intervalS: dt };
}
