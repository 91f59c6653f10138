/**
 * Capture benchmark (`npm run bench:capture`), in real Chromium on its fake camera at 1280×720:
 *   1. encoders: CPU per frame and bytes per frame of each way to keep a frame (JPEG, PNG, WebP, raw), which is
 *      why capture records JPEG (README, "Live capture");
 *   2. the app: the highest frame rate it sustains with zero dropped frames, its CPU per frame (browser + service),
 *      and the delay from a frame's capture to its column on screen (p50/p95).
 * Numbers on a shared machine: the load average is printed with them. Usage: tsx scripts/bench/capture-throughput.ts
 * [--frames 90] [--only encoders|app] [--rates 30,60,120] [--seconds 8]; `--ffmpeg [--seconds 30]`: the FFmpeg
 * capture source instead (scripts/bench/capture/ffmpeg-run.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumMissing } from '../../test/helpers/browser.js';
import { fakeScene, renderFakeCamera, writeFakeCameraFile, type FakeCameraScene } from '../../test/helpers/fake-camera.js';
import { recordOnce } from './capture/app-run.js';
import { measureEncoders } from './capture/encoders.js';
import { loadLine } from './capture/process-cpu.js';
import { ffmpegBench } from './capture/ffmpeg-run.js';

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
  // A slow camera (10 frames/s), so the worker keeps up with every frame and each way is measured per frame it kept.
  const scene = fakeScene({ width: WIDTH, height: HEIGHT, fps: 10, seconds: 3, code: false });
  const file = await sceneFile(scene);
  const sample = renderFakeCamera({ ...scene, seconds: 1 / scene.fps }).next().value as Uint8Array;
  const frames = Number(arg('frames') ?? 40);
  console.log(`\nEncoders, ${WIDTH}×${HEIGHT}, ${frames} frames each (${loadLine()})`);
  console.log('  way to keep a frame                    CPU ms/frame   bytes/frame');
  for (const r of await measureEncoders(file, sample, WIDTH, HEIGHT, frames)) {
    console.log(`  ${r.path.padEnd(38)} ${r.cpuMsPerFrame.toFixed(1).padStart(10)}   ${Math.round(r.bytesPerFrame).toLocaleString('en').padStart(11)}`);
  }
  console.log('  (CPU of the whole browser per kept frame, above the fake camera\'s own cost per delivered frame (the baseline);');
  console.log('   the last line is what the service would add to turn raw planes into a PNG frame file.)');
}

async function app(): Promise<void> {
  const rates = (arg('rates') ?? '30,60,120').split(',').map(Number);
  const seconds = Number(arg('seconds') ?? 8);
  console.log(`\nThe app, ${WIDTH}×${HEIGHT}, recording ${seconds} s at each rate the fake camera is asked for`);
  console.log('  rate  idle f/s  kept  frames/s  lost: camera app disk | written gaps (frames)  CPU ms/frame: browser service | delay p50  p95  max (ms)');
  let best: number | null = null;
  for (const rate of rates) {
    const file = await sceneFile(fakeScene({ width: WIDTH, height: HEIGHT, fps: rate, seconds: 2, code: false }));
    const load = loadLine();
    const r = await recordOnce(file, rate, seconds);
    const lost = r.lost.camera + r.lost.app + r.lost.writer + r.written.droppedBusy;
    if (lost === 0 && r.written.missing === 0) best = Math.max(best ?? 0, rate);
    console.log(
      `  ${String(rate).padStart(4)}  ${r.idleFps.toFixed(1).padStart(8)}  ${String(r.frames).padStart(4)}  ${r.deliveredFps.toFixed(1).padStart(8)}  ${String(r.lost.camera).padStart(11)} ${String(r.lost.app).padStart(3)} ${String(r.lost.writer).padStart(4)} |` +
        ` ${String(r.written.gaps).padStart(12)} (${r.written.missing})  ${r.browserCpuMsPerFrame.toFixed(1).padStart(20)} ${r.serviceCpuMsPerFrame.toFixed(1).padStart(7)} |` +
        ` ${r.delayMs.p50.toFixed(0).padStart(9)} ${r.delayMs.p95.toFixed(0).padStart(4)} ${r.delayMs.max.toFixed(0).padStart(4)}   (${load})`,
    );
  }
  console.log(`  highest rate with no frame lost: ${best === null ? 'none of those tried' : `${best} frames/s`}`);
  console.log('  (browser CPU includes the fake camera reading and converting its Y4M file: see the encoders baseline.)');
}

async function main(): Promise<void> {
  if (process.argv.includes('--ffmpeg')) {
    await ffmpegBench(Number(arg('seconds') ?? 30));
    // The browser path's figures beside them (README, "Live capture"; `npm run bench:capture -- --only app`).
    console.log('  browser path for comparison (README): asked for 60 frames/s, 56.7 kept per second with 26 lost in 8 s by the page; p95 delay 51 ms (quiet machine)');
    return;
  }
  const missing = chromiumMissing();
  if (missing) {
    console.error(missing);
    process.exit(2);
  }
  const only = arg('only');
  if (!only || only === 'encoders') await encoders();
  if (!only || only === 'app') await app();
}

await main();
