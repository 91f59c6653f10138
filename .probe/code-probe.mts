import http from 'node:http';
import { chromium } from 'playwright-core';
import { fakeScene, writeFakeCameraFile, readCode, CODE_ROWS } from '/work/wt/capture/test/helpers/fake-camera.ts';
const [w, h, fps, secs, runS] = process.argv.slice(2).map(Number);
const scene = fakeScene({ width: w, height: h, fps, seconds: secs });
const file = `/tmp/capprobe/scene-${w}x${h}-${fps}.y4m`;
let t0 = Date.now();
const n = await writeFakeCameraFile(scene, file);
console.log('wrote', n, 'frames in', Date.now() - t0, 'ms');
const html = `<!doctype html><script>
window.run = async (w, h, fps, secs, lineX) => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: w, height: h, frameRate: fps } });
  const track = stream.getVideoTracks()[0];
  const reader = new MediaStreamTrackProcessor({ track }).readable.getReader();
  const c = new OffscreenCanvas(w, h); const g = c.getContext('2d', { willReadFrequently: true });
  const out = []; const start = performance.now();
  while (performance.now() - start < secs * 1000) {
    const { value: f } = await reader.read();
    g.drawImage(f, 0, 0);
    const px = g.getImageData(lineX, 0, 1, h).data;
    const col = []; for (let y = 0; y < h; y++) col.push(px[y*4], px[y*4+1], px[y*4+2]);
    out.push({ ts: f.timestamp, col });
    f.close();
  }
  reader.cancel(); track.stop();
  return out;
};</script>`;
const server = http.createServer((_q, r) => { r.writeHead(200, { 'content-type': 'text/html' }); r.end(html); }).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${(server.address() as any).port}/`);
const r = await page.evaluate(([w, h, fps, s, x]) => (window as any).run(w, h, fps, s, x), [w, h, fps, runS, scene.lineX]);
const codes = r.map((e: any) => readCode(Uint8Array.from(e.col), h));
let skips = 0, repeats = 0, unread = 0;
for (let i = 1; i < codes.length; i++) { if (codes[i] === null || codes[i-1] === null) { unread++; continue; } const d = (codes[i] - codes[i-1] + n) % n; if (d === 0) repeats++; else if (d > 1) skips += d - 1; }
console.log('got', r.length, 'frames; codes first', codes.slice(0, 12).join(','), '… skipped file frames', skips, 'repeats', repeats, 'unreadable', unread);
const dts = r.slice(1).map((e: any, i: number) => e.ts - r[i].ts).sort((a: number, b: number) => a - b);
console.log('dt median', dts[dts.length >> 1], 'min', dts[0], 'max', dts.at(-1));
await browser.close(); server.close();
