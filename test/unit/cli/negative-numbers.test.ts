/**
 * Negative numbers as option values (`--start-time -2.5`, `--time -1`) reach their option, and a negative or
 * unreadable rate is refused in a plain sentence, never node's "argument is ambiguous" or a schema's regex.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../app/api/methods/build.js';
import { joinNegativeValues } from '../../../app/cli/args.js';
import { errorLine, runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

let tmp: string;
let frames: string;
let fx: RaceFixture;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-negative-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  frames = path.join(tmp, 'frames');
  await writeFrames(frames, { width: 12, height: 8, frames: 4 });
  fx = await makeRaceFixture();
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
  await fx.cleanup();
});


describe('negative numbers on the command line', () => {
  it('joins a negative value to its string option, leaving everything else alone', () => {
    const options = { fps: { type: 'string' as const }, out: { type: 'string' as const, short: 'o' }, json: { type: 'boolean' as const } };
    expect(joinNegativeValues(['x', '--fps', '-5', '-o', '-.5', '--json', '-1'], options)).toEqual(['x', '--fps=-5', '--out=-.5', '--json', '-1']);
    expect(joinNegativeValues(['--fps', '-x'], options)).toEqual(['--fps', '-x']);
    expect(joinNegativeValues(['--', '--fps', '-5'], options)).toEqual(['--', '--fps', '-5']);
  });

  it('an option left without its value says so, never node\'s "argument is ambiguous"', async () => {
    const r = await runCli(['amend', fx.dir, '--reason', '--by', 'A. Judge']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe('photofinish amend: --reason needs a value, but the next argument is the option "--by"');
  });

  it('--fps -5 is refused as a rate that must be above zero', async () => {
    const r = await runCli(['build', frames, '--out', path.join(tmp, 'neg-fps'), '--fps', '-5']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe('photofinish build: --fps: "-5" must be greater than zero');
  });

  it('--fps abc is refused in a sentence, with no regular expression', async () => {
    const r = await runCli(['build', frames, '--out', path.join(tmp, 'abc-fps'), '--fps', 'abc']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe('photofinish build: --fps: "abc" is not a rate like 1000, 29.97 or 30000/1001');
  });

  it('--start-time -2.5 starts the first frame 2.5 s before zero, and --fps 30000/1001 is taken exactly', async () => {
    const out = path.join(tmp, 'ntsc');
    const r = await runCli(['build', frames, '--out', out, '--fps', '30000/1001', '--start-time', '-2.5']);
    expect(r.err).not.toMatch(/photofinish build:/);
    expect(r.code).toBe(0);
    const info = JSON.parse((await runCli(['info', out, '--json', '--times'])).out) as { times_s: number[] };
    expect(info.times_s[0]).toBe(-2.5);
    expect(info.times_s[1]).toBeCloseTo(-2.5 + 1001 / 30000, 9);
    expect((await runCli(['info', out])).out).toMatch(/timing +30000\/1001 fps/);
  });

  it('mark --time -1 reaches the mark command (a time before the first column is still a time)', async () => {
    const r = await runCli(['mark', fx.dir, '--competitor', '1', '--time', '-1', '--typed', '--by', 'A. Judge']);
    expect(r.err).not.toMatch(/ambiguous/);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Marked 1 \(Ann Able\)/);
  });

  it('the API takes a fraction for fps and line-rate, and says what a rate looks like otherwise', () => {
    for (const timing of [{ kind: 'fps', fps: '30000/1001' }, { kind: 'line-rate', rate: '30000/1001' }]) {
      expect(buildRequest.safeParse({ source: '/a', out: '/b', timing }).success).toBe(true);
    }
    const bad = buildRequest.safeParse({ source: '/a', out: '/b', timing: { kind: 'fps', fps: 'abc' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('must be a rate above zero, like 1000, 29.97 or 30000/1001');
  });
});
