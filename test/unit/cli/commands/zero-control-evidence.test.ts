/**
 * Zero control by sport, and reports as evidence (issue 20 "Rates, starts and zero control"; issue 21 item 4):
 *   - athletics needs the test recorded at ≥ 1000 frames/s and an offset within 1 ms (`zero-control` exits 1 saying
 *     which); a 5 ms offset that passes at 100 frames/s by the one-frame rule does not pass an athletics race;
 *   - attaching re-derives the offset from the recording the report names: an edited report (a failed +205 ms made
 *     to read +0.4 ms and "passed") is refused, so is one naming a recording that does not exist; the race keeps
 *     the recording's SHA-256, and `verify` checks it again;
 *   - a report of a recording that is not the race's camera gives the check `zero-control-other-recording`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256File } from '../../../../app/store/sha256.js';
import { runCli } from '../../../fixtures/cli-capture.js';
import { makeRaceFixture } from '../../../helpers/race-fixture.js';
import { makeStartClip } from '../../../helpers/start-clips.js';

let tmp: string;
let late205: string;
let five: string;
let fast: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-zero-ev-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  // 100 fps, the report 205 ms after the flash; another 5 ms after it (within one 10 ms frame).
  late205 = await makeStartClip(tmp, 'late205', { container: 'mkv-pcm', fps: 100, durationS: 2, flashS: 0.995, burstS: 1.2 });
  five = await makeStartClip(tmp, 'five', { container: 'mkv-pcm', fps: 100, durationS: 2, flashS: 0.995, burstS: 1.0 });
  fast = await makeStartClip(tmp, 'fast', { container: 'mkv-pcm', fps: 1000, durationS: 1.2, flashS: 0.5005, burstS: 0.5005 });
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await fs.rm(tmp, { recursive: true, force: true });
});

const report = async (clip: string, name: string, ...args: string[]) => {
  const out = path.join(tmp, `${name}.json`);
  const run = await runCli(['zero-control', clip, '--out', out, '--by', 'Chief Judge', ...args]);
  return { out, run, json: JSON.parse(await fs.readFile(out, 'utf8')) };
};

describe('zero control by sport', () => {
  it('athletics: a 100 frames/s test fails, saying it was below 1000; at 1000 frames/s within 1 ms it passes', async () => {
    const slow = await report(five, 'five-athletics', '--sport', 'athletics');
    expect(slow.run.code).toBe(1);
    expect(slow.run.out).toMatch(/^Zero control FAILED: recorded at 100 frames per second, below the 1000 athletics requires; offset \+5\.\d{3} ms is more than the 1 ms athletics allows/m);
    expect(slow.json).toMatchObject({ rules: 'athletics', passed: false, tolerance_s: 0.001 });
    const quick = await report(fast, 'fast-athletics', '--sport', 'athletics');
    expect(quick.run.code).toBe(0);
    expect(quick.json).toMatchObject({ rules: 'athletics', passed: true, failures: [] });
  });

  it('other sports: within one frame interval (5 ms at 100 frames/s passes)', async () => {
    const r = await report(five, 'five-motorsport', '--sport', 'motorsport');
    expect(r.run.code).toBe(0);
    expect(r.json).toMatchObject({ rules: 'one-frame', passed: true });
  });

  it('a 5 ms offset that passed by one frame does not pass an athletics race: judged again by the race\'s sport', async () => {
    const r = await report(five, 'five-plain');
    expect(r.json.passed).toBe(true);
    const f = await makeRaceFixture({ sport: 'athletics' });
    try {
      const attach = await runCli(['start', f.dir, '--zero-control', r.out, '--by', 'Starter']);
      expect(attach.code).toBe(0);
      expect(attach.out).toMatch(/Zero control: FAILED, offset \+5\.0 ms \(recorded at 100 frames per second, below the 1000 athletics requires; offset \+5\.\d{3} ms is more than the 1 ms athletics allows\)/);
      const results = JSON.parse((await runCli(['results', f.dir, '--json'])).out);
      expect(results.zero_control).toMatchObject({ passed: false, rules: 'athletics', recording: five, recording_sha256: (await sha256File(five)).sha256 });
      expect(results.checks.find((c: { code: string }) => c.code === 'zero-control-missing')?.message).toMatch(/the attached zero-control test failed \(recorded at 100 frames per second/);
    } finally {
      await f.cleanup();
    }
  });
});

describe('a zero-control report is evidence, not a claim', () => {
  it('refuses a failed +205 ms report edited to read +0.4 ms and "passed" (consistent in itself)', async () => {
    const r = await report(late205, 'late205', '--sport', 'motorsport');
    expect(r.run.code).toBe(1);
    expect(r.json.offset_s).toBeCloseTo(0.205, 3);
    // An editor who knows the format: the report time moved so offset = report − flash holds, verdict passed.
    const flash = BigInt(r.json.flash.time_ns);
    const forged = { ...r.json, report: { ...r.json.report, time_ns: String(flash + 400_000n), time_s: Number(flash + 400_000n) / 1e9 }, offset_ns: '400000', offset_s: 0.0004, passed: true, verdict: 'passed', failures: [] };
    const edited = path.join(tmp, 'edited.json');
    await fs.writeFile(edited, JSON.stringify(forged));
    const f = await makeRaceFixture({ sport: 'motorsport' });
    try {
      const attach = await runCli(['start', f.dir, '--zero-control', edited, '--by', 'Starter']);
      expect(attach.code).toBe(2);
      expect(attach.err).toMatch(/edited\.json: the report says the offset is \+0\.400 ms, but its recording .*late205\.mkv gives \+205\.\d{3} ms: the report does not match the test it names$/);
      expect(JSON.parse((await runCli(['results', f.dir, '--json'])).out).zero_control).toBeNull();
    } finally {
      await f.cleanup();
    }
  });

  it('refuses a report naming a recording that does not exist, or one changed since the test', async () => {
    const r = await report(five, 'five-moved', '--sport', 'motorsport');
    const f = await makeRaceFixture({ sport: 'motorsport' });
    try {
      const missing = path.join(tmp, 'missing.json');
      await fs.writeFile(missing, JSON.stringify({ ...r.json, source: { ...r.json.source, path: path.join(tmp, 'nowhere.mkv') } }));
      const a = await runCli(['start', f.dir, '--zero-control', missing, '--by', 'Starter']);
      expect(a.code).toBe(2);
      expect(a.err).toMatch(/missing\.json: names the recording .*nowhere\.mkv, which does not exist: a zero-control report counts only with the recording it tested$/);
      const other = path.join(tmp, 'other.json');
      await fs.writeFile(other, JSON.stringify({ ...r.json, source: { ...r.json.source, path: late205 } }));
      expect((await runCli(['start', f.dir, '--zero-control', other, '--by', 'Starter'])).err).toMatch(/other\.json: the recording .*late205\.mkv is not the one the report tested \(its SHA-256 is [0-9a-f]{16}…, the report recorded [0-9a-f]{16}…\)$/);
    } finally {
      await f.cleanup();
    }
  });

  it('stores the recording\'s SHA-256 in the race, and verify checks it again', async () => {
    const copy = path.join(tmp, 'five-copy.mkv');
    await fs.copyFile(five, copy);
    const r = await report(copy, 'five-copy', '--sport', 'motorsport');
    const f = await makeRaceFixture({ sport: 'motorsport' });
    try {
      expect((await runCli(['start', f.dir, '--zero-control', r.out, '--by', 'Starter'])).code).toBe(0);
      const doc = JSON.parse(await fs.readFile(path.join(f.dir, 'race.json'), 'utf8'));
      expect(doc.zeroControl.recording).toEqual({ path: copy, sha256: (await sha256File(copy)).sha256 });
      expect(await runCli(['verify', f.dir])).toMatchObject({ code: 0, out: 'intact' });
      // The kept recording replaced by another: verify finds it.
      await fs.copyFile(late205, copy);
      const v = await runCli(['verify', f.dir]);
      expect(v.code).toBe(1);
      expect(v.out).toMatch(/zero control \(report five-copy\.json\): the recording .*five-copy\.mkv is not the one the report tested/);
      await fs.rm(copy);
      expect((await runCli(['verify', f.dir])).out).toMatch(/five-copy\.mkv, which does not exist/);
    } finally {
      await f.cleanup();
    }
  });

  it("says when the test's recording is not of the race's camera (zero-control-other-recording)", async () => {
    const r = await report(five, 'five-camera', '--sport', 'motorsport');
    const f = await makeRaceFixture({ sport: 'motorsport' });
    try {
      await runCli(['start', f.dir, '--zero-control', r.out, '--by', 'Starter']);
      const results = JSON.parse((await runCli(['results', f.dir, '--json'])).out);
      expect(results.checks.find((c: { code: string }) => c.code === 'zero-control-other-recording')).toMatchObject({
        severity: 'warning',
        message: "The zero-control test was not recorded by this race's camera: its recording's picture is 64×48, the race footage's 8×6.",
      });
    } finally {
      await f.cleanup();
    }
  });
});
