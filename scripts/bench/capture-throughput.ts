/**
 * Capture benchmark (`npm run bench:capture`), in real Chromium on its fake camera at 1280×720:
 *   1. encoders: CPU per frame and bytes per frame of each way to keep a frame (JPEG, PNG, WebP, raw), which is
 *      why capture records JPEG (README, "Live capture");
 *   2. the app: the highest frame rate it sustains with zero dropped frames, its CPU per frame (browser + service),
 *      and the delay from a frame's capture to its column on screen (p50/p95).
 * Numbers on a shared machine: the load average is printed with them. Usage: tsx scripts/bench/capture-throughput.ts
 * [--frames 90] [--only encoders|app]
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumMissing } from '../../test/helpers/browser.js';
import { fakeScene, renderFakeCamera, writeFakeCameraFile, type FakeCameraScene } from '../../test/helpers/fake-camera.js';
import { measureEncoders } from './capture/encoders.js';
import { loadLine } from './capture/process-cpu.js';

const WIDTH = 1280;
const HEIGHT = 720;
const cacheDir = path.join(os.tmpdir(), 'photofinish-bench-capture');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The scene as a Y4M file, rendered once per machine (rendering 720p frames in JS takes a while). */
export async function sceneFile(scene: FakeCameraScene): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `scene-${scene.width}x${scene.height}-${scene.fps}fps-${scene.seconds}s-${scene.code ? 'code' : 'plain'}.y4m`);
  if (!existsSync(file)) await writeFakeCameraFile(scene, file);
  return file;
}

async function encoders(): Promise<void> {
  const scene = fakeScene({ width: WIDTH, height: HEIGHT, fps: 30, seconds: 2, code: false });
  const file = await sceneFile(scene);
  const sample = renderFakeCamera({ ...scene, seconds: 1 / scene.fps }).next().value as Uint8Array;
  const frames = Number(arg('frames') ?? 90);
  console.log(`\nEncoders, ${WIDTH}×${HEIGHT}, ${frames} frames each (${loadLine()})`);
  console.log('  way to keep a frame                    CPU ms/frame   bytes/frame');
  for (const r of await measureEncoders(file, sample, WIDTH, HEIGHT, frames)) {
    console.log(`  ${r.path.padEnd(38)} ${r.cpuMsPerFrame.toFixed(1).padStart(10)}   ${Math.round(r.bytesPerFrame).toLocaleString('en').padStart(11)}`);
  }
  console.log('  (CPU of the whole browser per kept frame, above the fake camera\'s own cost per delivered frame (the baseline);');
  console.log('   the last line is what the service would add to turn raw planes into a PNG frame file.)');
}

async function main(): Promise<void> {
  const missing = chromiumMissing();
  if (missing) {
    console.error(missing);
    process.exit(2);
  }
  const only = arg('only');
  if (!only || only === 'encoders') await encoders();
}

await main();
