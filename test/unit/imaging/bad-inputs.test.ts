/**
 * Inputs accepted that should not be, or refused that should not be (issue 10, item 7 and item 10): an absurd
 * timestamp is refused at build naming the file and line; a zero-length line is refused; the operating systems'
 * own files in a frames folder are ignored; a finish line given edge to edge is clipped to the frame (and the
 * summary says so) while one that misses the frame is refused; UTF-8 FinishLynx files without a BOM read as UTF-8.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStartListFile } from '../../../app/store/start-list-file.js';
import { errorLine, escapeRegExp, runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';

let tmp: string;
let frames: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-bad-inputs-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  frames = path.join(tmp, 'frames');
  await writeFrames(frames, { width: 80, height: 45, frames: 6 });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let n = 0;
const out = () => path.join(tmp, `race-${n++}`);

describe('timestamps', () => {
  it('refuses a time of 1e30 s at build, naming the file and the line (CSV and JSON)', async () => {
    const csv = path.join(tmp, 'times.csv');
    await writeFile(csv, ['frame,time_s', '0,0', '1,0.01', '2,0.02', '3,0.03', '4,0.04', '5,1e30'].join('\n'));
    const r = await runCli(['build', frames, '--out', out(), '--timestamps', csv]);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe(`photofinish build: ${csv} line 7: time_s "1e30" is out of range (times are within ±10,000,000,000 s)`);
    const json = path.join(tmp, 'times.json');
    await writeFile(json, JSON.stringify([0, 1, 2, 3, 4, 5].map((f) => ({ frame: f, time_s: f === 5 ? 1e30 : f / 100 })), null, 1));
    const j = await runCli(['build', frames, '--out', out(), '--timestamps', json]);
    expect(errorLine(j.err)).toMatch(new RegExp(`^photofinish build: ${escapeRegExp(json)} line \\d+: time_s "1e\\+30" is out of range`));
  });
});

describe('constant rates', () => {
  // The same absurd times through the other door: before, --fps 1e-25 built a race with times of 10^26 s and its
  // export then ran out of memory (a native stack trace after minutes); --fps 1e12 blamed a frame's time.
  it('refuses a rate so slow that the last frame lies beyond the time range, naming the rate', async () => {
    const slow = await runCli(['build', frames, '--out', out(), '--fps', '1e-25']);
    expect(slow.code).toBe(2);
    expect(errorLine(slow.err)).toBe(
      'photofinish build: frame rate: "1e-25" puts the last of its 6 columns at 50000000000000000000000000 s, out of range (times are within ±10,000,000,000 s)',
    );
    const late = await runCli(['build', frames, '--out', out(), '--fps', '100', '--start-time', '9999999999.99']);
    expect(errorLine(late.err)).toBe(
      'photofinish build: frame rate: "100" puts the last of its 6 columns at 10000000000.04 s, out of range (times are within ±10,000,000,000 s)',
    );
  });

  it('refuses a rate faster than one frame per nanosecond, and takes one exactly that fast', async () => {
    const fast = await runCli(['build', frames, '--out', out(), '--fps', '1e12']);
    expect(fast.code).toBe(2);
    expect(errorLine(fast.err)).toBe(
      'photofinish build: frame rate: "1e12" is faster than one per nanosecond (the finest time Photofinish keeps): at most 1,000,000,000 per second',
    );
    const ok = await runCli(['build', frames, '--out', out(), '--fps', '1e9']);
    expect(errorLine(ok.err)).toBe('');
    expect(ok.code).toBe(0);
  });
});

describe('the finish line', () => {
  it('refuses a zero-length line', async () => {
    const r = await runCli(['build', frames, '--out', out(), '--fps', '25', '--line', '0,0,0,0']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe('photofinish build: the finish line (segment (0, 0) → (0, 0)) has no length: its two ends are the same point');
  });

  it('clips a line given edge to edge to its visible part, says so, and samples only inside the frame', async () => {
    const race = out();
    // 80×45 frame, the far end given as the frame's size: y 45 is one past the last row.
    const r = await runCli(['build', frames, '--out', race, '--fps', '25', '--line', '39,0,41,45']);
    expect(errorLine(r.err)).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain("line      clipped to the frame: segment (39, 0) → (40.956, 44) (given segment (39, 0) → (41, 45), which crosses the frame's edge)");
    const info = JSON.parse((await runCli(['info', race, '--json'])).out) as { line: unknown; line_given: unknown; rows: number };
    expect(info.line).toEqual({ kind: 'segment', x1: 39, y1: 0, x2: 40.956, y2: 44 });
    expect(info.line_given).toEqual({ kind: 'segment', x1: 39, y1: 0, x2: 41, y2: 45 });
    expect(info.rows).toBe(45);
    const composite = await sharp(path.join(race, 'evidence', 'composite.png')).metadata();
    expect([composite.width, composite.height]).toEqual([6, 45]);
  });

  it('refuses a line that misses the frame', async () => {
    const r = await runCli(['build', frames, '--out', out(), '--fps', '25', '--line', '100,0,120,45']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe(
      'photofinish build: the finish line (segment (100, 0) → (120, 45)) is outside the frame of frame_00000.png (80×45 px: x 0–79, y 0–44)',
    );
  });
});

describe('frames folders', () => {
  it("ignores Thumbs.db, desktop.ini, .DS_Store and ._ AppleDouble files (with or without --skip-bad)", async () => {
    const dir = path.join(tmp, 'frames-with-os-files');
    await writeFrames(dir, { width: 16, height: 8, frames: 4 });
    await writeFile(path.join(dir, 'Thumbs.db'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]));
    await writeFile(path.join(dir, 'desktop.ini'), '[.ShellClassInfo]\r\n');
    await writeFile(path.join(dir, '.DS_Store'), Buffer.alloc(64, 1));
    await writeFile(path.join(dir, '._frame_00001.png'), Buffer.alloc(82, 0));
    expect(await readdir(dir)).toHaveLength(8);
    for (const extra of [[], ['--skip-bad']]) {
      const race = out();
      const r = await runCli(['build', dir, '--out', race, '--fps', '25', ...extra]);
      expect(errorLine(r.err)).toBe('');
      expect(r.out).toContain('4 columns × 8 rows');
      expect(r.out).toContain('gaps      none');
    }
  });
});

describe('FinishLynx start lists in UTF-8 without a byte-order mark', () => {
  it('reads lynx.ppl and lynx.evt as UTF-8 when they are well-formed UTF-8', async () => {
    const ppl = path.join(tmp, 'lynx.ppl');
    await writeFile(ppl, '101,Dupré,Jérôme,ASPTT Besançon\r\n102,Šuštar,Željko,HAŠK\r\n', 'utf8');
    expect(await parseStartListFile(ppl)).toEqual([
      { id: '101', name: 'Jérôme Dupré', firstName: 'Jérôme', lastName: 'Dupré', team: 'ASPTT Besançon' },
      { id: '102', name: 'Željko Šuštar', firstName: 'Željko', lastName: 'Šuštar', team: 'HAŠK' },
    ]);
    const evt = path.join(tmp, 'lynx.evt');
    await writeFile(evt, '1,1,1,100 m Männer\r\n,7,4,Dupré,Jérôme,ASPTT Besançon\r\n', 'utf8');
    const [c] = await parseStartListFile(evt);
    expect(c).toMatchObject({ id: '7', lane: '4', name: 'Jérôme Dupré', team: 'ASPTT Besançon' });
    expect(await readFile(evt, 'utf8')).toContain('Jérôme');
  });
});
