/**
 * `photofinish build` and `info` as an official uses them, and every bad input: one line naming the file and the
 * problem, a non-zero exit, no stack trace, and nothing written.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../fixtures/cli-capture.js';
import { pngHeaderClaiming } from '../../../fixtures/fake-png.js';
import { encodeFrame, writeFrames } from '../../../fixtures/synthetic-frames.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let tmp: string;
let good: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-cli-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  good = path.join(tmp, 'good');
  await writeFrames(good, { width: 16, height: 10, frames: 12 });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A copy of the good frames with `change` applied, in a fresh folder. */
async function framesWith(name: string, change: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(tmp, name);
  await mkdir(dir);
  for (const f of await readdir(good)) await copyFile(path.join(good, f), path.join(dir, f));
  await change(dir);
  return dir;
}

/** Asserts the one-line refusal and that neither the race nor a temporary build folder was left behind. */
async function expectRefusal(args: string[], out: string, message: RegExp) {
  const r = await runCli(['build', ...args, '--out', out]);
  expect(r.code).toBe(2);
  expect(r.err.split('\n').filter((l) => l.startsWith('photofinish build:'))).toHaveLength(1);
  const errorLine = r.err.split('\n').find((l) => l.startsWith('photofinish build:')) as string;
  expect(errorLine).toMatch(message);
  expect(r.err).not.toMatch(/\n\s+at /);
  expect(existsSync(out)).toBe(false);
  expect((await readdir(path.dirname(out))).filter((n) => n.includes('.building-'))).toEqual([]);
  return errorLine;
}

describe('photofinish build and info', () => {
  it('builds a race and info --json gives the documented keys', async () => {
    const out = path.join(tmp, 'race-ok');
    const r = await runCli(['build', good, '--out', out, '--fps', '25', '--start-time', '1.5', '--line', '7', '--name', 'Heat 1']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/12 columns × 10 rows/);
    expect(r.out).toMatch(/median interval 0\.04 s/);
    const info = await runCli(['info', out, '--json', '--times']);
    expect(info.code).toBe(0);
    const j = JSON.parse(info.out) as Record<string, unknown>;
    for (const k of ['name', 'source', 'columns', 'rows', 'composite', 'first_time_s', 'last_time_s', 'median_interval_s', 'gaps', 'times_s']) expect(j).toHaveProperty(k);
    expect(j.name).toBe('Heat 1');
    expect(j.composite).toBe(path.join(out, 'evidence/composite.png'));
    expect(existsSync(j.composite as string)).toBe(true);
    expect([j.columns, j.rows, j.first_time_s, j.last_time_s, j.median_interval_s]).toEqual([12, 10, 1.5, 1.94, 0.04]);
    expect((j.times_s as number[]).slice(0, 3)).toEqual([1.5, 1.54, 1.58]);
    const plain = await runCli(['info', out]);
    expect(plain.out).toMatch(/Heat 1/);
    expect(plain.out).toMatch(/25 fps/);
    const noTimes = JSON.parse((await runCli(['info', out, '--json'])).out) as Record<string, unknown>;
    expect(noTimes).not.toHaveProperty('times_s');
  });

  it('takes frame times from a timestamps file and lists dropped-frame gaps', async () => {
    const csv = path.join(tmp, 'times.csv');
    const names = (await readdir(good)).sort();
    // 10 ms apart, except two frames missing between the 6th and 7th file.
    const rows = names.map((n, i) => `${n},${(i < 6 ? i : i + 2) * 0.01}`);
    await writeFile(csv, `file,time_s\n${rows.join('\n')}\n`);
    const out = path.join(tmp, 'race-ts');
    expect((await runCli(['build', good, '--out', out, '--timestamps', csv])).code).toBe(0);
    const j = JSON.parse((await runCli(['info', out, '--json'])).out) as { gaps: unknown[]; median_interval_s: number };
    expect(j.median_interval_s).toBe(0.01);
    expect(j.gaps).toEqual([{ after_column: 5, from_s: 0.05, to_s: 0.08, reason: 'interval' }]);
  });

  it('with --skip-bad leaves out unreadable frames, records them as a gap and goes on', async () => {
    const dir = await framesWith('skip', async (d) => {
      await writeFile(path.join(d, 'frame_00004.png'), Buffer.from('not a png at all'));
      await writeFile(path.join(d, 'frame_00005.png'), Buffer.alloc(0));
    });
    const out = path.join(tmp, 'race-skip');
    const r = await runCli(['build', dir, '--out', out, '--fps', '10', '--skip-bad']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/bad frames left out: frame_00004\.png, frame_00005\.png/);
    const j = JSON.parse((await runCli(['info', out, '--json'])).out) as { columns: number; gaps: unknown[] };
    expect(j.columns).toBe(10);
    expect(j.gaps).toEqual([{ after_column: 3, from_s: 0.3, to_s: 0.6, reason: 'bad-frame', files: ['frame_00004.png', 'frame_00005.png'] }]);
  });

  it('puts the start list and sport into the new race document', async () => {
    const list = path.join(tmp, 'start.csv');
    await writeFile(list, 'id,name,lane\n7,Ann Runner,3\n12,Bo Sprinter,4\n');
    const out = path.join(tmp, 'race-list');
    const r = await runCli(['build', good, '--out', out, '--fps', '100', '--start-list', list, '--sport', 'athletics']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(await readFile(path.join(out, 'race.json'), 'utf8')) as { competitors: { id: string; name: string }[]; settings: { sport: { sport: string } } };
    expect(doc.competitors.map((c) => [c.id, c.name])).toEqual([['7', 'Ann Runner'], ['12', 'Bo Sprinter']]);
    expect(doc.settings.sport.sport).toBe('athletics');
    const audit = (await readFile(path.join(out, 'audit.jsonl'), 'utf8')).trim().split('\n');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0] as string).action).toBe('race.created');
  });

  it('refuses to overwrite a race unless --force, then replaces it', async () => {
    const out = path.join(tmp, 'race-ok');
    const before = await readFile(path.join(out, 'race.json'), 'utf8');
    const r = await runCli(['build', good, '--out', out, '--fps', '30']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/race-ok: already holds a race; use --force to replace it/);
    expect(await readFile(path.join(out, 'race.json'), 'utf8')).toBe(before);
    expect((await runCli(['build', good, '--out', out, '--fps', '30', '--force'])).code).toBe(0);
    expect(JSON.parse((await runCli(['info', out, '--json'])).out).median_interval_s).toBeCloseTo(1 / 30, 9);
    expect((await readdir(tmp)).filter((n) => n.includes('.replaced-') || n.includes('.building-'))).toEqual([]);
  });
});

describe('bad input: one line, non-zero exit, nothing written', () => {
  it('a corrupt frame', async () => {
    const dir = await framesWith('corrupt', (d) => writeFile(path.join(d, 'frame_00003.png'), Buffer.from('garbage bytes, not an image')));
    await expectRefusal([dir, '--fps', '25'], path.join(tmp, 'o-corrupt'), /frame_00003\.png: not a readable image .*--skip-bad/);
  });

  it('a truncated frame', async () => {
    const dir = path.join(tmp, 'trunc');
    await writeFrames(dir, { width: 64, height: 48, frames: 4, format: 'jpeg' });
    const whole = await encodeFrame({ width: 64, height: 48, frames: 4, format: 'jpeg' }, 2);
    await writeFile(path.join(dir, 'frame_00002.jpg'), whole.subarray(0, Math.floor(whole.length / 2)));
    await expectRefusal([dir, '--fps', '25'], path.join(tmp, 'o-trunc'), /frame_00002\.jpg: (truncated|not a readable)/);
  });

  it('a zero-byte frame', async () => {
    const dir = await framesWith('zero', (d) => writeFile(path.join(d, 'frame_00007.png'), Buffer.alloc(0)));
    await expectRefusal([dir, '--fps', '25'], path.join(tmp, 'o-zero'), /frame_00007\.png: empty file \(0 bytes\)/);
  });

  it('frames of different sizes name the first odd one', async () => {
    const dir = await framesWith('sizes', async (d) => {
      await writeFile(path.join(d, 'frame_00006.png'), await encodeFrame({ width: 17, height: 10, frames: 1 }, 0));
      await writeFile(path.join(d, 'frame_00009.png'), await encodeFrame({ width: 8, height: 8, frames: 1 }, 0));
    });
    await expectRefusal([dir, '--fps', '25'], path.join(tmp, 'o-sizes'), /frame_00006\.png: frame is 17×10 px but frame_00000\.png is 16×10 px/);
    // With --skip-bad a frame of another size is a bad frame like an unreadable one: left out as a gap, named.
    const r = await runCli(['build', dir, '--fps', '25', '--skip-bad', '--out', path.join(tmp, 'o-sizes-skip')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('bad frame left out: frame_00006.png');
    expect(r.out).toContain('bad frame left out: frame_00009.png');
  });

  it('an empty folder', async () => {
    const dir = path.join(tmp, 'empty');
    await mkdir(dir);
    await expectRefusal([dir, '--fps', '25'], path.join(tmp, 'o-empty'), /empty: no frames in the folder/);
  });

  it('an unsupported file, in a folder or as the source', async () => {
    const dir = await framesWith('unsupported', (d) => writeFile(path.join(d, 'frame_00012.bmp'), Buffer.from('BM')));
    await expectRefusal([dir, '--fps', '25'], path.join(tmp, 'o-unsup'), /frame_00012\.bmp: unsupported file type/);
    const doc = path.join(tmp, 'notes.docx');
    await writeFile(doc, 'x');
    await expectRefusal([doc, '--fps', '25'], path.join(tmp, 'o-unsup2'), /notes\.docx: unsupported file type/);
  });

  it('a missing or unreadable video', async () => {
    await expectRefusal([path.join(tmp, 'nowhere.mp4')], path.join(tmp, 'o-novideo'), /nowhere\.mp4: not found/);
    const bad = path.join(tmp, 'broken.mp4');
    await writeFile(bad, Buffer.from('this is not a video file, just text'));
    await expectRefusal([bad], path.join(tmp, 'o-badvideo'), /broken\.mp4: not a readable video/);
  });

  it('ffmpeg missing', async () => {
    const video = path.join(tmp, 'some.mp4');
    await writeFile(video, 'x');
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = path.join(tmp, 'no-ffmpeg-here', 'ffmpeg');
    try {
      await expectRefusal([video], path.join(tmp, 'o-noffmpeg'), /ffprobe was not found: install FFmpeg .* or set FFMPEG_PATH/);
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
  });

  it('an image over the pixel limit', async () => {
    const dir = path.join(tmp, 'huge');
    await mkdir(dir);
    await writeFile(path.join(dir, 'frame_1.png'), pngHeaderClaiming(20_000, 20_000));
    await writeFile(path.join(dir, 'frame_2.png'), pngHeaderClaiming(20_000, 20_000));
    await expectRefusal([dir, '--fps', '25'], path.join(tmp, 'o-huge'), /frame_1\.png: 20000×20000 px is over the 100 megapixels limit/);
    const scan = path.join(tmp, 'huge-scan.png');
    await writeFile(scan, pngHeaderClaiming(200_000, 1_000));
    await expectRefusal([scan, '--line-rate', '1000'], path.join(tmp, 'o-hugescan'), /huge-scan\.png: 200000×1000 px is over the 150 megapixels limit/);
  });

  it('a bad timestamps file names the file and line', async () => {
    const names = (await readdir(good)).sort();
    const csv = path.join(tmp, 'bad-times.csv');
    await writeFile(csv, `file,time_s\n${names.map((n, i) => `${n},${i === 4 ? '0.01' : i * 0.04}`).join('\n')}\n`);
    await expectRefusal([good, '--timestamps', csv], path.join(tmp, 'o-ts1'), /bad-times\.csv line 6: time 0\.01 s does not increase/);
    await writeFile(csv, `file,time_s\n${names.slice(0, 11).map((n, i) => `${n},${i * 0.04}`).join('\n')}\n`);
    await expectRefusal([good, '--timestamps', csv], path.join(tmp, 'o-ts2'), /bad-times\.csv: frame frame_00011\.png has no time/);
    await writeFile(csv, `file,time_s\n${names[0]},zero\n`);
    await expectRefusal([good, '--timestamps', csv], path.join(tmp, 'o-ts3'), /bad-times\.csv line 2: time_s "zero" is not a number/);
  });

  it('a finish line outside the frame', async () => {
    await expectRefusal([good, '--fps', '25', '--line', '16'], path.join(tmp, 'o-line1'), /finish line \(column x = 16\) is outside the frame of frame_00000\.png \(16×10 px/);
    // A segment crossing the edge is clipped (see bad-inputs.test.ts); one that misses the frame is refused.
    await expectRefusal([good, '--fps', '25', '--line', '20,0,30,9'], path.join(tmp, 'o-line2'), /is outside the frame/);
    await expectRefusal([good, '--fps', '25', '--line', '3,x'], path.join(tmp, 'o-line3'), /--line: "3,x" is not X or X1,Y1,X2,Y2/);
  });

  it('a bad start list or sport', async () => {
    const list = path.join(tmp, 'bad-start.csv');
    await writeFile(list, 'name,lane\nAnn,3\n');
    await expectRefusal([good, '--fps', '25', '--start-list', list], path.join(tmp, 'o-list'), /bad-start\.csv line 1: the header must have an id column/);
    await expectRefusal([good, '--fps', '25', '--sport', 'curling'], path.join(tmp, 'o-sport'), /sport/);
  });

  it('frames without times, and conflicting timing options', async () => {
    await expectRefusal([good], path.join(tmp, 'o-notime'), /good: frames have no times of their own; give --fps N or --timestamps FILE/);
    await expectRefusal([good, '--fps', '25', '--line-rate', '100'], path.join(tmp, 'o-two'), /give only one of --fps, --timestamps, --line-rate/);
    await expectRefusal([good, '--fps', '0'], path.join(tmp, 'o-fps0'), /--fps: "0" must be greater than zero/);
  });
});

describe('through a child process', () => {
  const bin = path.join(repoRoot, 'bin/photofinish.mjs');
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, [bin, ...args], { env: { ...process.env, PHOTOFINISH_DATA_DIR: path.join(tmp, 'data') } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('builds, and refuses a bad line with exit status 2 and one line on stderr', async () => {
    const out = path.join(tmp, 'child-race');
    const ok = await run(['build', good, '--out', out, '--fps', '50']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Built /);
    const bad = await run(['build', good, '--out', path.join(tmp, 'child-bad'), '--fps', '50', '--line', '99']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n').filter((l) => l.startsWith('photofinish build:'))).toHaveLength(1);
    expect(bad.stderr).toMatch(/outside the frame/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(tmp, 'child-bad'))).toBe(false);
  });

  it('Ctrl+C (SIGINT) cancels a running build: exit status 2, one line, nothing written', async () => {
    const video = path.join(tmp, 'long.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=100', '-frames:v', '3000', '-c:v', 'mpeg4', '-q:v', '5', video]);
    const out = path.join(tmp, 'child-cancel');
    const child = spawn(process.execPath, [bin, 'build', video, '--out', out, '--line', '160'], {
      env: { ...process.env, PHOTOFINISH_DATA_DIR: path.join(tmp, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so the interrupt reaches ffmpeg too, as Ctrl+C in a terminal does.
      detached: true,
    });
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      // The first progress line means frames are being read: interrupt as a person at the terminal would.
      if (!signalled && /frames/.test(stderr)) {
        signalled = true;
        process.kill(-(child.pid as number), 'SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(signalled).toBe(true);
    expect(code).toBe(2);
    expect(stderr).toMatch(/photofinish build: build cancelled; nothing was written/);
    expect(existsSync(out)).toBe(false);
    expect((await readdir(tmp)).filter((n) => n.includes('.building-'))).toEqual([]);
  });
});
