/**
 * A rate given with --fps is the official's, never "measured" (issue 20, "Rates, starts and zero control"):
 * `build car.mp4 --fps 1000` on a 12.5 frames/s video said "1000.000 per second measured" and nothing warned. The
 * build now says "given" and that the video's own timestamps disagree; `info --json` has `rate_source`; `results
 * --json` carries the warning `rate-given-differs` with both rates; the sheet's row is "Rate (given)". Not refused.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../fixtures/cli-capture.js';
import { makeStartClip } from '../../../helpers/start-clips.js';

let tmp: string;
let car: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-rate-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  car = await makeStartClip(tmp, 'car', { container: 'mp4-aac', fps: 12.5, durationS: 2, flashS: 1, burstS: 1 });
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('a rate given with --fps', () => {
  it('is "given", and a video whose own timestamps differ by more than 1 % says so, without refusing', async () => {
    const race = path.join(tmp, 'car.race');
    const built = await runCli(['build', car, '--out', race, '--fps', '1000']);
    expect(built.code).toBe(0);
    expect(built.out).toMatch(/rate {6}1000\.000 per second given/);
    expect(built.out).not.toMatch(/per second measured/);
    expect(built.out).toMatch(/warning {3}1000 frames\/s given, but the video's own timestamps say 12\.5 frames\/s/);

    const info = JSON.parse((await runCli(['info', race, '--json'])).out);
    expect(info.rate_source).toBe('given');
    expect(info.own_rate).toBeCloseTo(12.5, 6);
    expect((await runCli(['info', race])).out).toMatch(/^ {2}given {6}1000\.000 per second/m);

    const results = JSON.parse((await runCli(['results', race, '--json'])).out);
    const check = results.checks.find((c: { code: string }) => c.code === 'rate-given-differs');
    expect(check).toMatchObject({ severity: 'warning', rates: { given: 1000 } });
    expect(check.rates.own).toBeCloseTo(12.5, 6);

    const pdf = path.join(tmp, 'car.pdf');
    expect((await runCli(['export', race, '--pdf', pdf])).code).toBe(0);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', pdf, '-']);
    expect(stdout).toMatch(/Rate \(given\)\s+1000\.0 frames\/s, given by the official; the video's own timestamps say 12\.5 frames\/s/);
    expect(stdout).not.toContain('Measured rate');
  });

  it("is measured from the video's own timestamps where none is given (rate_source timestamps), with no warning", async () => {
    const race = path.join(tmp, 'own.race');
    const built = await runCli(['build', car, '--out', race]);
    expect(built.out).toMatch(/rate {6}12\.500 per second measured/);
    expect(JSON.parse((await runCli(['info', race, '--json'])).out).rate_source).toBe('timestamps');
    const results = JSON.parse((await runCli(['results', race, '--json'])).out);
    expect(results.checks.map((c: { code: string }) => c.code)).not.toContain('rate-given-differs');
  });

  it('agrees within 1 %: a given 12.5 on a 12.5 frames/s video warns of nothing', async () => {
    const race = path.join(tmp, 'same.race');
    const built = await runCli(['build', car, '--out', race, '--fps', '12.5']);
    expect(built.out).toMatch(/12\.500 per second given/);
    expect(built.out).not.toMatch(/warning/);
  });
});
