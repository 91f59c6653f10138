/**
 * How each way of keeping a camera frame costs, in real Chromium on the fake camera: CPU seconds of the whole
 * browser per frame (above the cost of just reading frames) and bytes per frame. The candidates are what a page can
 * do with a VideoFrame in a worker: JPEG (OffscreenCanvas.convertToBlob) at two qualities, lossless PNG and WebP the
 * same way, and the raw I420 planes (VideoFrame.copyTo; lossless, but then PNG-encoded by sharp in Node, whose cost
 * is measured here too). A throwaway page: this measures the browser's encoders, not the app.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { chromiumPath, CHROMIUM_ARGS, fakeCameraArgs } from '../../../test/helpers/browser.js';
import { childrenCpuSeconds } from './process-cpu.js';

export interface EncoderResult {
  path: string;
  frames: number;
  /** Frames the camera delivered meanwhile (frames arriving while the worker was busy were closed unread). */
  seen?: number;
  cpuS?: number;
  cpuMsPerFrame: number;
  bytesPerFrame: number;
}

const WORKER = `
let canvas, ctx;
onmessage = async ({ data: { frame, kind, quality } }) => {
  let bytes = 0;
  if (kind === 'read') { frame.close(); }
  else if (kind === 'raw-i420') { const b = new Uint8Array(frame.allocationSize()); await frame.copyTo(b); frame.close(); bytes = b.length; }
  else {
    if (!canvas || canvas.width !== frame.displayWidth) { canvas = new OffscreenCanvas(frame.displayWidth, frame.displayHeight); ctx = canvas.getContext('2d', { alpha: false, willReadFrequently: true }); }
    ctx.drawImage(frame, 0, 0); frame.close();
    ctx.getImageData(canvas.width >> 1, 0, 1, canvas.height);
    if (kind !== 'draw') bytes = (await (await canvas.convertToBlob({ type: kind, quality })).arrayBuffer()).byteLength;
  }
  postMessage(bytes);
};`;

const PAGE = `<!doctype html><script>
window.runPath = async (kind, quality, n, width, height) => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width, height } });
  const track = stream.getVideoTracks()[0];
  const reader = new MediaStreamTrackProcessor({ track }).readable.getReader();
  const worker = new Worker('worker.js');
  let busy = false, done = 0, bytes = 0, seen = 0;
  worker.onmessage = (e) => { busy = false; done++; bytes += e.data; };
  while (done < n) {
    const { value: frame } = await reader.read();
    seen++;
    if (busy) { frame.close(); continue; }
    busy = true;
    worker.postMessage({ frame, kind, quality }, [frame]);
  }
  reader.cancel(); track.stop(); worker.terminate();
  return { done, bytes, seen };
};</script>`;

const PATHS: [string, string, number][] = [
  ['read', 'read and close (baseline)', 0],
  ['draw', 'draw + read the line only', 0],
  ['image/jpeg', 'JPEG quality 0.92', 0.92],
  ['image/jpeg', 'JPEG quality 0.95', 0.95],
  ['image/png', 'PNG (lossless)', 1],
  ['image/webp', 'WebP lossless', 1],
  ['raw-i420', 'raw I420 planes (lossless)', 0],
];

/** `sample`: one RGB frame of the same scene, for the Node-side PNG cost. */
export async function measureEncoders(y4m: string, sample: Uint8Array, width: number, height: number, frames: number): Promise<EncoderResult[]> {
  const server = createServer((req, res) => {
    const worker = req.url === '/worker.js';
    res.writeHead(200, { 'Content-Type': worker ? 'text/javascript' : 'text/html' });
    res.end(worker ? WORKER : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(y4m)] });
  const results: EncoderResult[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    for (const [kind, label, quality] of PATHS) {
      const before = childrenCpuSeconds();
      const r = await page.evaluate(
        ([k, q, n, w, h]) => (globalThis as unknown as { runPath: (...a: unknown[]) => Promise<{ done: number; bytes: number; seen: number }> }).runPath(k, q, n, w, h),
        [kind, quality, frames, width, height] as const,
      );
      const cpu = childrenCpuSeconds() - before;
      results.push({ path: label, frames: r.done, seen: r.seen, cpuS: cpu, cpuMsPerFrame: (cpu * 1000) / r.done, bytesPerFrame: r.bytes / r.done });
    }
  } finally {
    await browser.close();
    server.close();
  }
  // The camera's own cost is paid for every frame it delivers, kept or not: take it off per delivered frame.
  const base = results[0]?.cpuMsPerFrame ?? 0;
  for (const r of results.slice(1)) r.cpuMsPerFrame = Math.max(0, ((r.cpuS ?? 0) * 1000 - base * (r.seen ?? r.frames)) / r.frames);
  results.push(await sharpPngCost(sample, width, height));
  return results;
}

/** What the raw path would cost on the Node side: one frame of the scene to PNG with sharp (fastest compression). */
async function sharpPngCost(raw: Uint8Array, width: number, height: number): Promise<EncoderResult> {
  const n = 10;
  const before = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes += (await sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer()).length;
  const used = process.cpuUsage(before);
  return { path: '  + PNG in Node (sharp, level 1)', frames: n, cpuMsPerFrame: (used.user + used.system) / 1000 / n, bytesPerFrame: bytes / n };
}
