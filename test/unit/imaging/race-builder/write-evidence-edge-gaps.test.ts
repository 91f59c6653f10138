/**
 * Frames left out at the very start or end of the footage (`build --skip-bad`): a gap before column 0 is recorded and
 * worded as one (not as a gap between columns 0 and 1), a mark between columns 0 and 1 is not called "across a gap",
 * a real dropped-frame gap between columns 0 and 1 is still listed, and no column's time moves. A race built before
 * (its leading gap recorded as `afterColumn` 0) still verifies with its certified results and is worded right.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../fixtures/cli-capture.js';
import { writeFrames, type PixelFn } from '../../../fixtures/synthetic-frames.js';
import { pdfText } from '../../../helpers/export-poppler.js';
import { defaultTimes, makeRaceFixture } from '../../../helpers/race-fixture.js';

let tmp: string;
const N = 20;
const name = (i: number) => `f_${String(i).padStart(3, '0')}.jpg`;
const level: PixelFn = (_x, _y, f, c) => (f * 11 + c * 40 + 20) % 250;

interface InfoGap {
  after_column: number;
  before_column?: number;
  from_s: number;
  to_s: number;
  reason: string;
  files?: string[];
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-edge-gaps-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  await writeFile(path.join(tmp, 'start.csv'), 'id,name\n1,Ann\n2,Bob\n');
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Real JPEG frames (sharp) with the named ones cut to their first 40 bytes: not a readable image. */
async function framesWithBad(dir: string, bad: number[]): Promise<string> {
  const folder = path.join(tmp, dir);
  await mkdir(folder);
  await writeFrames(folder, { width: 64, height: 48, frames: N, format: 'jpeg', name, pixel: level });
  for (const i of bad) await writeFile(path.join(folder, name(i)), (await readFile(path.join(folder, name(i)))).subarray(0, 40));
  return folder;
}

async function ok(...argv: string[]): Promise<string> {
  const r = await runCli(argv);
  expect(r.err.split('\n').filter((l) => l.startsWith('photofinish') && !l.includes(': warning: '))).toEqual([]);
  expect(r.code).toBe(0);
  return r.out;
}

async function infoGaps(race: string): Promise<InfoGap[]> {
  return (JSON.parse(await ok('info', race, '--json')) as { gaps: InfoGap[] }).gaps;
}

async function timesNs(race: string): Promise<string[]> {
  return (JSON.parse(await readFile(path.join(race, 'evidence', 'times.json'), 'utf8')) as { timesNs: string[] }).timesNs;
}

/** Ann between columns 0 and 1, Bob well inside: the results JSON's near_gap and checks. */
async function markAndResults(race: string): Promise<{ nearGap: Record<string, boolean>; checks: string[] }> {
  await ok('start-list', race, path.join(tmp, 'start.csv'), '--by', 'judge');
  await ok('mark', race, '--competitor', '1', '--column', '0.5', '--by', 'judge');
  await ok('mark', race, '--competitor', '2', '--column', '9.4', '--by', 'judge');
  const j = JSON.parse(await ok('results', race, '--json')) as { finishers: { competitor: string; near_gap?: boolean }[]; checks: { code: string }[] };
  return { nearGap: Object.fromEntries(j.finishers.map((f) => [f.competitor, f.near_gap === true])), checks: j.checks.map((c) => c.code) };
}

describe('a bad first frame left out with --skip-bad', () => {
  let race: string;
  let built: string;
  beforeAll(async () => {
    const src = await framesWithBad('first-bad', [0]);
    race = path.join(tmp, 'race-first');
    built = await ok('build', src, '--out', race, '--fps', '100', '--skip-bad');
  });

  it('is a gap before column 0 in the build summary, info and info --json', async () => {
    expect(built).toContain(`before column 0: 0 s → 0.01 s (bad frame left out: ${name(0)})`);
    expect(built).not.toContain('after column 0');
    const info = await ok('info', race);
    expect(info).toContain(`before column 0: 0 s → 0.01 s (bad frame left out: ${name(0)})`);
    expect(info).not.toContain('after column 0');
    expect(await infoGaps(race)).toEqual([{ after_column: -1, before_column: 0, from_s: 0, to_s: 0.01, reason: 'bad-frame', files: [name(0)] }]);
    const manifest = JSON.parse(await readFile(path.join(race, 'evidence', 'manifest.json'), 'utf8')) as { gaps: { afterColumn: number }[] };
    expect(manifest.gaps.map((g) => g.afterColumn)).toEqual([-1]);
  });

  it('moves no column: column i keeps frame i + 1 at exactly (i + 1) × 10 ms', async () => {
    expect(await timesNs(race)).toEqual(Array.from({ length: N - 1 }, (_, i) => String((i + 1) * 10_000_000)));
  });

  it('calls no mark between columns 0 and 1 "across a gap", and the race verifies', async () => {
    const r = await markAndResults(race);
    expect(r.nearGap).toEqual({ '1': false, '2': false });
    expect(r.checks).not.toContain('time-across-gap');
    expect(await ok('verify', race)).toContain('intact');
  });

  it('the result sheet names the gap before image column 0 and shades nothing between columns 0 and 1', async () => {
    const pdf = path.join(tmp, 'first.pdf');
    await ok('export', race, '--pdf', pdf);
    const text = await pdfText(await readFile(pdf));
    expect(text).toContain('Dropped-frame gap before image column 0: no picture for 10.000 ms between 0.000 s and 0.010 s');
    expect(text).not.toContain('after image column 0');
    // The image's gap labels ("gap 10.0 ms") and the G flag belong to gaps between printed columns only.
    expect(text).not.toMatch(/gap 10\.0 ms/);
    expect(text).not.toContain('mark lies next to a dropped-frame gap');
  });
});

describe('bad frames at both ends, and a real drop between columns 0 and 1 (timestamps file)', () => {
  let race: string;
  beforeAll(async () => {
    const src = await framesWithBad('both-ends', [0, N - 1]);
    // 10 ms apart, except 30 ms between the first two good frames (f_001 → f_002): two frames missing there.
    const rows = Array.from({ length: N }, (_, i) => `${name(i)},${(i < 2 ? i : i + 2) * 0.01}`);
    const csv = path.join(tmp, 'both-ends.csv');
    await writeFile(csv, `file,time_s\n${rows.join('\n')}\n`);
    race = path.join(tmp, 'race-both');
    await ok('build', src, '--out', race, '--timestamps', csv, '--skip-bad');
  });

  it('lists the gap before column 0, the drop after column 0 and the gap after the last column, each in its place', async () => {
    const last = N - 3;
    expect(await infoGaps(race)).toEqual([
      { after_column: -1, before_column: 0, from_s: 0, to_s: 0.01, reason: 'bad-frame', files: [name(0)] },
      { after_column: 0, from_s: 0.01, to_s: 0.04, reason: 'interval' },
      { after_column: last, from_s: 0.2, to_s: 0.21, reason: 'bad-frame', files: [name(N - 1)] },
    ]);
    const info = await ok('info', race);
    expect(info).toContain(`before column 0: 0 s → 0.01 s (bad frame left out: ${name(0)})`);
    expect(info).toContain('after column 0: 0.01 s → 0.04 s (dropped frames)');
    expect(info).toContain(`after column ${last}: 0.2 s → 0.21 s (bad frame left out: ${name(N - 1)})`);
    expect((await timesNs(race))[0]).toBe('10000000');
  });

  it('a mark between columns 0 and 1 is across the real drop there (and only that one)', async () => {
    const r = await markAndResults(race);
    expect(r.nearGap).toEqual({ '1': true, '2': false });
    expect(r.checks).toContain('time-across-gap');
  });
});

describe('a video whose first frames do not decode', () => {
  it('is built with --skip-bad with its lost start as a gap before column 0, its columns at their own times', async () => {
    const clip = path.join(tmp, 'clip.mp4');
    // H.264, a keyframe every 50 frames, index at the front: scribbles just inside the media data spoil the first GOP.
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-frames:v', '120', '-c:v', 'libx264', '-g', '50', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clip]);
    const b = await readFile(clip);
    const mdat = b.indexOf('mdat');
    let seed = 7;
    for (let k = mdat + 300; k < mdat + 4300; k += 7) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      b[k] = seed & 0xff;
    }
    const head = path.join(tmp, 'head.mp4');
    await writeFile(head, b);
    const race = path.join(tmp, 'race-head');
    expect(await ok('build', head, '--out', race, '--line', '160', '--skip-bad')).toMatch(/\n {4}before column 0: 0 s → [0-9.]+ s \(bad frames left out: head\.mp4 frames 0–\d+\)/);
    const info = JSON.parse(await ok('info', race, '--json')) as { first_time_s: number; gaps: InfoGap[] };
    const first = info.gaps[0] as InfoGap;
    expect(first).toMatchObject({ after_column: -1, before_column: 0, from_s: 0, to_s: info.first_time_s, reason: 'bad-frame' });
    expect(info.first_time_s).toBeGreaterThan(0);
    // Each column keeps its frame's presentation time: 25 fps, 40 ms apart from the first decoded frame on.
    const times = await timesNs(race);
    expect(times[0]).toBe(String(Math.round(info.first_time_s * 1e9)));
    expect(times.every((t, i) => BigInt(t) - BigInt(times[0] as string) === BigInt(i) * 40_000_000n)).toBe(true);
  });
});

describe('a race built before gaps could lie before column 0', () => {
  it('still verifies with its certified results, and info and the sheet word its leading gap right', async () => {
    const t = defaultTimes();
    // As earlier builds recorded one bad first frame: afterColumn 0, ending at column 0's own time.
    const legacyLeading = { afterColumn: 0, fromNs: String((t[0] as bigint) - 1_000_000n), toNs: String(t[0]), reason: 'bad-frame' as const, files: ['f0000.png'] };
    const interval = { afterColumn: 5, fromNs: String(t[5]), toNs: String(t[6]), reason: 'interval' as const };
    const fixture = await makeRaceFixture({ competitors: [{ id: '1', name: 'Ann Able', team: 'A', lane: '1' }], gaps: [legacyLeading, interval] });
    try {
      const race = fixture.dir;
      await ok('mark', race, '--competitor', '1', '--column', '0.5', '--by', 'judge');
      // Its results (and their hash) stay as certified: the mark keeps the flag it was certified with.
      await ok('certify', race, '--official', 'Jane Judge');
      expect(await ok('verify', race)).toContain('intact');
      const info = await ok('info', race);
      expect(info).toContain('before column 0: 9.999 s → 10 s (bad frame left out: f0000.png)');
      expect(info).toContain('after column 5: 10.005 s → 10.045 s (dropped frames)');
      expect((await infoGaps(race))[0]).toMatchObject({ after_column: -1, before_column: 0 });
      const pdf = path.join(tmp, 'legacy.pdf');
      await ok('export', race, '--pdf', pdf);
      const text = await pdfText(await readFile(pdf));
      expect(text).toContain('Dropped-frame gap before image column 0');
      expect(text).not.toContain('after image column 0');
    } finally {
      await fixture.cleanup();
    }
  });
});
