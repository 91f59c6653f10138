/**
 * Build throughput: `photofinish build` against ffmpeg's own slit pipeline on the same JPEG frames (and, with
 * --video, against ffmpeg decoding the same video alone). Generates its own 1280×720 frames with ffmpeg's test
 * source, runs every pipeline as a whole process (start-up included), and prints frames/s, the ratio and peak RSS.
 *
 *   npm run bench:build -- [--frames 600] [--width 1280] [--height 720] [--x 640] [--noise] [--video] [--keep] [--bin CLI.mjs]
 *
 * --noise makes camera-like frames (sensor noise, about 285 KB each at 1280×720) instead of testsrc2's clean ones
 * (about 60 KB), and prints the CPU goal: photofinish's CPU per frame at most FFmpeg's slit pass plus what hashing
 * the same files costs (`sha256sum`), all measured in this one run.
 *
 * Numbers depend on the machine and on whatever else shares its CPU: run it on an idle machine to compare.
 * `npm run bench:build` builds the CLI's bundle first (scripts/build-cli.mjs), so the CLI measured is the one
 * `npm install` gives users, not the TypeScript sources through tsx (which would add their compile time).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    frames: { type: 'string', default: '600' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '720' },
    x: { type: 'string' },
    video: { type: 'boolean', default: false },
    noise: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** Another entry point for the CLI (e.g. a bundled build) instead of bin/photofinish.mjs (tsx). */
    bin: { type: 'string' },
  },
});
const N = Number(values.frames);
const W = Number(values.width);
const H = Number(values.height);
const X = values.x === undefined ? Math.floor(W / 2) : Number(values.x);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = values.bin ? path.resolve(values.bin) : path.join(repoRoot, 'bin/photofinish.mjs');
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

interface Run {
  seconds: number;
  /** photofinish only: the frames phase's own rate from its last progress line (start-up and composite excluded). */
  steadyRate?: number;
  peakRssMb: number | null;
  userS: number | null;
  sysS: number | null;
}

/** Runs a command to completion; wall time, and peak RSS / CPU from GNU time where available. */
function measure(cmd: string, args: string[]): Run {
  const wrapped = timeBin ? [timeBin, ['-f', 'PFBENCH %M %U %S', cmd, ...args]] : [cmd, args];
  const t0 = performance.now();
  const r = spawnSync(wrapped[0] as string, wrapped[1] as string[], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) {
    console.error(r.stderr);
    throw new Error(`${cmd} failed with status ${r.status}`);
  }
  const m = /PFBENCH (\d+) ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  const steady = [...(r.stderr ?? '').matchAll(/^frames \d+\/\d+ \(100%\), (\d+) frames\/s/gm)].pop();
  return {
    seconds,
    peakRssMb: m ? Number(m[1]) / 1024 : null,
    userS: m ? Number(m[2]) : null,
    sysS: m ? Number(m[3]) : null,
    ...(steady ? { steadyRate: Number(steady[1]) } : {}),
  };
}

const fmt = (r: Run, frames: number) =>
  `${(frames / r.seconds).toFixed(0).padStart(6)} frames/s  ${r.seconds.toFixed(2)} s  peak RSS ${r.peakRssMb?.toFixed(0) ?? '?'} MB  CPU ${r.userS ?? '?'} s user + ${r.sysS ?? '?'} s sys`;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pf-bench-'));
  try {
    console.log(`Generating ${N} JPEG frames of ${W}×${H} (ffmpeg testsrc2${values.noise ? " with sensor noise" : ""}) in ${dir} ...`);
    const frames = path.join(dir, 'frames');
    spawnSync('mkdir', ['-p', frames]);
    const look = values.noise ? ['-vf', 'noise=alls=16:allf=t', '-q:v', '4'] : ['-q:v', '3'];
    const gen = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${W}x${H}:rate=100`, ...look, '-frames:v', String(N), path.join(frames, 'frame_%05d.jpg')]);
    if (gen.status !== 0) throw new Error(`ffmpeg could not generate frames: ${gen.stderr}`);
    console.log(`CPU cores: ${os.cpus().length}; load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (other work on the machine slows every pipeline)`);

    const ff = measure('ffmpeg', ['-v', 'error', '-framerate', '100', '-i', path.join(frames, 'frame_%05d.jpg'), '-vf', `format=rgb24,crop=1:ih:${X}:0,tile=${N}x1`, '-frames:v', '1', '-y', path.join(dir, 'ffmpeg-slit.png')]);
    const pf = measure(process.execPath, [bin, 'build', frames, '--out', path.join(dir, 'race'), '--fps', '100', '--line', String(X)]);
    // The same build without the suggested edges (found during the build since issue 22): the evidence pass alone,
    // which is what FFmpeg's slit pass compares with; the difference is what the detector adds.
    const pe = measure(process.execPath, [bin, 'build', frames, '--out', path.join(dir, 'race-no-suggestions'), '--fps', '100', '--line', String(X), '--no-suggestions']);
    console.log(`\nJPEG sequence, column x = ${X}, ${N} frames (whole process each; photofinish = ${path.relative(process.cwd(), bin)}):`);
    console.log(`  photofinish build  ${fmt(pf, N)}`);
    console.log(`    --no-suggestions ${fmt(pe, N)}  (the evidence pass alone)`);
    console.log(`  ffmpeg slit        ${fmt(ff, N)}`);
    console.log(`  ratio              ${(ff.seconds / pf.seconds).toFixed(2)}× ffmpeg, whole process (goal ≥ 1.3×)`);
    const sha = measure('sh', ['-c', `sha256sum "${frames}"/*.jpg > /dev/null`]);
    const cpu = (r: Run) => (r.userS ?? NaN) + (r.sysS ?? NaN);
    const perFrame = (r: Run) => `${((cpu(r) / N) * 1000).toFixed(2)} ms CPU per frame`;
    console.log(`  sha256sum          ${fmt(sha, N)}`);
    console.log(`  CPU per frame: photofinish ${perFrame(pf)} (evidence pass ${perFrame(pe)}, suggestions ${(((cpu(pf) - cpu(pe)) / N) * 1000).toFixed(2)} ms), ffmpeg ${perFrame(ff)}, sha256sum ${perFrame(sha)}`);
    console.log(`  CPU goal: the evidence pass ≤ ffmpeg + sha256sum: ${cpu(pe).toFixed(2)} s vs ${(cpu(ff) + cpu(sha)).toFixed(2)} s (${(cpu(pe) / (cpu(ff) + cpu(sha))).toFixed(2)}×, goal ≤ 1.00×)`);
    if (pf.steadyRate) console.log(`  photofinish frames phase alone: ${pf.steadyRate} frames/s (${(pf.steadyRate / (N / ff.seconds)).toFixed(2)}× ffmpeg): the rate a long build settles at once Node has started`);

    if (values.video) {
      const video = path.join(dir, 'video.mp4');
      const enc = spawnSync('ffmpeg', ['-v', 'error', '-framerate', '100', '-i', path.join(frames, 'frame_%05d.jpg'), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', video]);
      if (enc.status !== 0) throw new Error(`ffmpeg could not encode the video: ${enc.stderr}`);
      const decode = measure('ffmpeg', ['-v', 'error', '-i', video, '-map', '0:v:0', '-f', 'null', '-']);
      // The build runs ffmpeg with one decoder thread per core (faster than ffmpeg's default here): the stricter
      // reference is ffmpeg decoding alone with the same setting.
      const threads = String(os.availableParallelism());
      const decodeThreads = measure('ffmpeg', ['-v', 'error', '-threads', threads, '-i', video, '-map', '0:v:0', '-f', 'null', '-']);
      const pv = measure(process.execPath, [bin, 'build', video, '--out', path.join(dir, 'race-video'), '--line', String(X)]);
      console.log(`\nH.264 video of the same frames:`);
      console.log(`  photofinish build  ${fmt(pv, N)}`);
      console.log(`  ffmpeg decode only ${fmt(decode, N)}  (ffmpeg's default threads)`);
      console.log(`  ffmpeg decode only ${fmt(decodeThreads, N)}  (-threads ${threads}, as the build runs it)`);
      for (const [what, ref] of [['default threads', decode], [`-threads ${threads}`, decodeThreads]] as const) {
        console.log(`  overhead vs ${what}: ${((pv.seconds / ref.seconds - 1) * 100).toFixed(0)} % whole process (goal ≤ 10 %)` +
          (pv.steadyRate ? `; frames phase alone ${pv.steadyRate} frames/s, ${((N / ref.seconds / pv.steadyRate - 1) * 100).toFixed(0)} % slower than decoding alone` : ''));
      }
    }
  } finally {
    if (values.keep) console.log(`\nKept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

await main();
