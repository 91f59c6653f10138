/**
 * Renders the demo race's source footage deterministically: the same bytes on every machine and every run (fixed
 * seeds, no clock, no randomness). Writes into `dir`:
 *   frames/frame_00000.jpg …   480×270 JPEG q92 frames at 1000 fps, each the mid-exposure view of the straight
 *   timestamps.csv             `file,time_s`: frame i at exactly i/1000 s (the middle of its exposure)
 *   start-list.csv             `id,name,team,lane`
 *   truth.json                 each car's exact crossing time, the order, the margins, the finish line and the
 *                              composite column at which each leading edge lies (for tests and benchmarks)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { FinishLine } from '../domain/race/evidence.js';
import { NS_PER_S, parseSecondsToTicks, ticksToDecimalSeconds, type Ticks } from '../domain/time/ticks.js';
import { DEMO, DEMO_CARS, type DemoCar } from './demo-scene.js';
import { mixSeed } from './prng.js';
import { cloneCanvas, crossingTime, drawCar, quantise, type CarShape } from './raster.js';
import { paintTrack } from './track.js';

export interface DemoSource {
  framesDir: string;
  timestampsFile: string;
  startListFile: string;
  truthFile: string;
  line: FinishLine;
}

export interface DemoTruthCar {
  id: string;
  name: string;
  lane: string;
  /** Exact crossing time in seconds, decimal text. */
  crossing_s: string;
  crossing_ns: string;
  /** Fractional composite column of the leading edge (column i is frame i at i ms). */
  expected_column: number;
  /** Rows of the finish line the car covers, [top, bottom]. */
  rows: [number, number];
}

export interface DemoTruth {
  schema: 'photofinish.demo-truth';
  schemaVersion: 1;
  description: string;
  fps: number;
  frames: number;
  /** Frame times are the middle of each exposure. */
  shutter_s: string;
  line: FinishLine;
  cars: DemoTruthCar[];
  /** Competitor ids in finishing order. */
  order: string[];
  margins: { ahead: string; behind: string; margin_s: string }[];
}

export const demoFrameName = (i: number) => `frame_${String(i).padStart(5, '0')}.jpg`;

/** Frame `i` of the demo as the JPEG file bytes. */
export async function encodeDemoFrame(i: number): Promise<Buffer> {
  return sharp(renderDemoFrame(i), { raw: { width: DEMO.width, height: DEMO.height, channels: 3 } })
    .jpeg({ quality: DEMO.jpegQuality, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** `file,time_s`: frame i at exactly i / fps seconds (1000 fps: whole milliseconds). */
export function demoTimestampsCsv(): string {
  const stamps = ['file,time_s'];
  for (let i = 0; i < DEMO.frames; i++) stamps.push(`${demoFrameName(i)},${formatMillis((BigInt(i) * NS_PER_S) / BigInt(DEMO.fps))}`);
  return `${stamps.join('\n')}\n`;
}

export function demoStartListCsv(): string {
  const rows = ['id,name,team,lane', ...DEMO_CARS.map((c) => `${c.id},${c.name},${c.team},${c.lane}`)];
  return `${rows.join('\n')}\n`;
}

function carShape(car: DemoCar): { shape: CarShape; crossNs: Ticks } {
  const crossNs = parseSecondsToTicks(car.crossS);
  const tc = Number(crossNs) / 1e9;
  const top = DEMO.laneTop + (car.lane - 1) * DEMO.laneHeight + (DEMO.laneHeight - DEMO.carWidth) / 2 + 0.3;
  return {
    crossNs,
    shape: {
      length: DEMO.carLength,
      width: DEMO.carWidth,
      top,
      noseRound: 5,
      tailRound: 3,
      body: car.body,
      glass: [28, 34, 44],
      roof: car.roof,
      numberColour: car.numberColour,
      number: car.id,
      // Constant deceleration through the line: x(tc) is exactly the line.
      noseAt: (t: number) => DEMO.lineX + car.speed * (t - tc) - 0.5 * car.decel * (t - tc) * (t - tc),
    },
  };
}

/** Runs `work` over 0..count-1 with at most `limit` in flight, keeping results in order. */
async function pool<T>(count: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) {
      const i = next++;
      results[i] = await work(i);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function demoTruth(): DemoTruth {
  const line: FinishLine = { kind: 'column', x: DEMO.lineX };
  const cars = DEMO_CARS.map((car) => {
    const { shape, crossNs } = carShape(car);
    // The renderer's own solver must agree with the scene's stated time (a vertical line meets the tip first).
    const solved = crossingTime(shape, () => DEMO.lineX, 0, DEMO.frames / DEMO.fps);
    if (Math.abs(solved - Number(crossNs) / 1e9) > 1e-9) throw new Error(`demo car ${car.id}: crossing time mismatch`);
    const rowTop = Math.ceil(shape.top - 0.5);
    const rowBottom = Math.floor(shape.top + shape.width + 0.5);
    return {
      id: car.id,
      name: car.name,
      lane: String(car.lane),
      crossing_s: ticksToDecimalSeconds(crossNs),
      crossing_ns: crossNs.toString(),
      // Frame i is at i ms, so the column is the crossing time in ms.
      expected_column: Number(crossNs) / 1e6,
      rows: [rowTop, rowBottom] as [number, number],
      crossNs,
    };
  });
  const ordered = [...cars].sort((a, b) => (a.crossNs < b.crossNs ? -1 : a.crossNs > b.crossNs ? 1 : 0));
  const margins = ordered.slice(1).map((c, i) => {
    const ahead = ordered[i] as (typeof ordered)[number];
    return { ahead: ahead.id, behind: c.id, margin_s: ticksToDecimalSeconds(c.crossNs - ahead.crossNs) };
  });
  return {
    schema: 'photofinish.demo-truth',
    schemaVersion: 1,
    description: `${DEMO.name}: ${DEMO_CARS.length} cars, ${DEMO.fps} fps, ${DEMO.frames} frames, line at x = ${DEMO.lineX}`,
    fps: DEMO.fps,
    frames: DEMO.frames,
    shutter_s: String(DEMO.shutterS),
    line,
    cars: cars.map(({ crossNs: _omit, ...rest }) => rest),
    order: ordered.map((c) => c.id),
    margins,
  };
}

/** Renders frame `i` of the demo as raw 8-bit RGB (width × height × 3). */
export function renderDemoFrame(i: number): Uint8Array {
  const canvas = cloneCanvas(demoBackground());
  const t = i / DEMO.fps;
  for (const car of DEMO_CARS) drawCar(canvas, carShape(car).shape, t, DEMO.shutterS);
  return quantise(canvas, DEMO.noiseSigma, mixSeed(DEMO.seed, i));
}

let background: ReturnType<typeof paintTrack> | null = null;
function demoBackground() {
  background ??= paintTrack({
    width: DEMO.width,
    height: DEMO.height,
    laneTop: DEMO.laneTop,
    laneHeight: DEMO.laneHeight,
    lanes: DEMO.lanes,
    lineX: () => DEMO.lineX,
    stripeWidth: 12,
    seed: DEMO.seed,
  });
  return background;
}

export async function renderDemoSource(dir: string): Promise<DemoSource> {
  const framesDir = path.join(dir, 'frames');
  await mkdir(framesDir, { recursive: true });
  await pool(DEMO.frames, 4, async (i) => writeFile(path.join(framesDir, demoFrameName(i)), await encodeDemoFrame(i)));
  const timestampsFile = path.join(dir, 'timestamps.csv');
  await writeFile(timestampsFile, demoTimestampsCsv());
  const startListFile = path.join(dir, 'start-list.csv');
  await writeFile(startListFile, demoStartListCsv());
  const truth = demoTruth();
  const truthFile = path.join(dir, 'truth.json');
  await writeFile(truthFile, `${JSON.stringify(truth, null, 2)}\n`);
  return { framesDir, timestampsFile, startListFile, truthFile, line: truth.line };
}

function formatMillis(ns: Ticks): string {
  const whole = ns / NS_PER_S;
  const ms = (ns % NS_PER_S) / 1_000_000n;
  return `${whole}.${ms.toString().padStart(3, '0')}`;
}
