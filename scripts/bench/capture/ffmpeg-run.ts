/**
 * `npm run bench:capture -- --ffmpeg`: the FFmpeg capture source at 1280×720, 120 frames/s, from FFmpeg on 127.0.0.1:
 * a clip encoded beforehand (H.264 in MPEG-TS, MJPEG), sent in real time (`-re -c copy`, looped) over UDP and over
 * HTTP (multipart, `-listen 1`), captured for `--seconds` (30 by default) into a capture folder as the app does.
 * Prints frames kept and lost, the CPU of the capture (this Node process's capture work + its ffmpeg, not the
 * sender's), and the live composite's delay p50/p95 (each column's ready time against its frame's timestamp,
 * relative to the quickest frame, so the sender's start-up is not counted), with the load average.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FfmpegCapture } from '../../../app/capture/ffmpeg/ffmpeg-capture.js';
import { encodeClip, freePort, sendClip } from '../../../test/helpers/stream-sender.js';
import { loadLine } from './process-cpu.js';

const run = promisify(execFile);
const CLIP = { width: 1280, height: 720, rate: 120, seconds: 5 };
const cacheDir = path.join(os.tmpdir(), 'photofinish-bench-capture');

function cpuSecondsOf(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

async function clip(kind: 'h264' | 'mjpeg'): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `clip-${CLIP.width}x${CLIP.height}-${CLIP.rate}-${CLIP.seconds}s.${kind === 'h264' ? 'ts' : 'mjpeg'}`);
  if (!existsSync(file)) await encodeClip(file, kind, CLIP);
  return file;
}

async function once(kind: 'h264' | 'mjpeg', seconds: number, tmp: string): Promise<void> {
  const port = freePort();
  const file = await clip(kind);
  const sender = sendClip(file, kind, port, CLIP.rate, true);
  if (kind === 'mjpeg') await new Promise((r) => setTimeout(r, 1500)); // its HTTP server up
  const input = kind === 'h264' ? `udp://127.0.0.1:${port}` : `http://127.0.0.1:${port}/`;
  const delays: number[] = [];
  let counting = false;
  const capture = await FfmpegCapture.start({
    input,
    folder: path.join(tmp, kind),
    plan: { out: path.join(tmp, `${kind}.race`), name: 'bench', sport: 'athletics', line: { kind: 'column', x: 640 }, travel: 'right-to-left' },
    onColumn: (c) => {
      if (counting) delays.push(Number(c.readyAt) / 1e6 - Number(c.time) / 1e6);
    },
  });
  await capture.ready;
  // The first second settles the stream (frames buffered while ffmpeg opened it): measured from then on.
  await new Promise((r) => setTimeout(r, 1000));
  const start = { counts: capture.counts(), node: process.cpuUsage(), ffmpeg: cpuSecondsOf(capture.pid as number), wall: performance.now() };
  counting = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  counting = false;
  const end = { counts: capture.counts(), node: process.cpuUsage(start.node), ffmpeg: cpuSecondsOf(capture.pid as number), wall: performance.now() };
  const summary = await capture.stop();
  sender.kill();
  const wall = (end.wall - start.wall) / 1000;
  const kept = end.counts.frames - start.counts.frames;
  // H.264 over UDP carries the stream's timestamps: a lost frame is a step in them. MJPEG over HTTP is timed on
  // arrival, where network jitter makes steps too; its loss is the frames short of the sender's rate.
  const expected = Math.round(((end.wall - start.wall) / 1000) * CLIP.rate);
  const lost = kind === 'h264' ? end.counts.missing - start.counts.missing + (end.counts.droppedBusy - start.counts.droppedBusy) : Math.max(0, expected - kept) + (end.counts.droppedBusy - start.counts.droppedBusy);
  const cpu = (end.node.user + end.node.system) / 1e6 + (end.ffmpeg - start.ffmpeg);
  const minDelay = Math.min(...delays);
  const rel = delays.map((d) => d - minDelay);
  console.log(
    `  ${(kind === 'h264' ? 'H.264 MPEG-TS / UDP' : 'MJPEG / HTTP').padEnd(20)} ${String(kept).padStart(6)} kept ${String(lost).padStart(5)} lost (${(kept / wall).toFixed(1)} frames/s over ${wall.toFixed(1)} s; expected ${expected})` +
      `   CPU ${(cpu / wall).toFixed(2)} cores (node ${(((end.node.user + end.node.system) / 1e6) / wall).toFixed(2)}, ffmpeg ${((end.ffmpeg - start.ffmpeg) / wall).toFixed(2)})` +
      `   live delay p50 ${pct(rel, 50).toFixed(1)} ms p95 ${pct(rel, 95).toFixed(1)} ms   (whole recording: ${summary.frames} frames, ${summary.missing} lost in ${summary.gaps} gaps, ${summary.droppedBusy} not written in time)`,
  );
}

export async function ffmpegBench(seconds: number): Promise<void> {
  try {
    await run('ffmpeg', ['-hide_banner', '-version']);
  } catch {
    console.log('ffmpeg not found: FFmpeg capture benchmark skipped');
    return;
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-bench-ffmpeg-'));
  try {
    console.log(`\nFFmpeg capture, ${CLIP.width}×${CLIP.height} at ${CLIP.rate} frames/s from 127.0.0.1, ${seconds} s each (${loadLine()})`);
    for (const kind of ['h264', 'mjpeg'] as const) {
      await clip(kind);
      await once(kind, seconds, tmp);
      await rm(path.join(tmp, kind), { recursive: true, force: true });
    }
    console.log(`  (after: ${loadLine()})`);
    console.log('  CPU: this process and its capture ffmpeg, not the sender; delay: a column ready vs its frame\'s timestamp,');
    console.log('  less the quickest frame\'s (the clock offset); MJPEG over HTTP is timed on arrival (it carries no timestamps).');
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
