/**
 * `photofinish start` end to end through the CLI: typed, audio (with and without the speed-of-sound correction, the
 * video's own track and a separate WAV), flash; re-timing; refusal once certified; the JSON `start` object.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../fixtures/cli-capture.js';
import { makeRaceFixture } from '../../../helpers/race-fixture.js';
import { burstTruthS, makeStartClip, type StartClip } from '../../../helpers/start-clips.js';

let tmp: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-start-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await fs.rm(tmp, { recursive: true, force: true });
});

const json = async (...argv: string[]) => {
  const r = await runCli(argv);
  if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  return JSON.parse(r.out);
};

async function videoRace(name: string, clip: StartClip): Promise<string> {
  const video = await makeStartClip(tmp, name, clip);
  const out = path.join(tmp, `${name}.race`);
  const r = await runCli(['build', video, '--out', out, '--line', '32', '--sport', 'athletics']);
  if (r.code !== 0) throw new Error(r.err);
  return out;
}

describe('photofinish start --time', () => {
  it('re-times every mark exactly when the start is set and changed; typed marks keep their race time', async () => {
    const f = await makeRaceFixture({ sport: 'motorsport' });
    try {
      expect((await runCli(['mark', f.dir, '--competitor', '1', '--column', '2.5', '--by', 'J'])).code).toBe(0);
      expect((await runCli(['mark', f.dir, '--competitor', '2', '--time', '10.0081', '--by', 'J'])).code).toBe(0);
      expect((await runCli(['mark', f.dir, '--competitor', '3', '--time', '9.5', '--typed', '--by', 'J'])).code).toBe(0);
      const before = await json('results', f.dir, '--json');
      expect(before.start.method).toBeNull();
      expect(before.checks).toContainEqual(expect.objectContaining({ code: 'start-not-set', severity: 'warning' }));
      expect(before.finishers.map((x: { time_ns: string }) => x.time_ns).slice(0, 3)).toEqual(['9500000000', '10002500000', '10008100000']);

      const set = await runCli(['start', f.dir, '--time', '0.123456789', '--by', 'Starter']);
      expect(set.code).toBe(0);
      expect(set.out).toContain('Time zero: Typed: 0.123457 s on the footage clock; confirmed by Starter.');
      expect(set.out).toContain('Re-timed 3 marks from the new time zero');
      const after = await json('results', f.dir, '--json');
      expect(after.start).toMatchObject({ method: 'typed', time_s: 0.123456789, time_ns: '123456789', uncertainty_s: 0, sound_delay_s: null, distance_m: null, temperature_c: null, by: 'Starter' });
      const times = (r: { finishers: { competitor: string; time_ns: string }[] }) => Object.fromEntries(r.finishers.map((x) => [x.competitor, x.time_ns]));
      expect(times(after)).toMatchObject({ '1': String(10_002_500_000n - 123_456_789n), '2': String(10_008_100_000n - 123_456_789n), '3': '9500000000' });

      // mark --time takes a race time now: 9.884643211 s after the start is column 2.5 again.
      expect((await runCli(['mark', f.dir, '--competitor', '4', '--time', '9.879043211', '--by', 'J'])).code).toBe(0);
      await runCli(['start', f.dir, '--time', '1', '--by', 'Starter']);
      const changed = times(await json('results', f.dir, '--json'));
      expect(changed).toMatchObject({ '1': '9002500000', '2': '9008100000', '3': '9500000000', '4': '9002500000' });

      const info = await json('info', f.dir, '--json');
      expect(info.start).toMatchObject({ method: 'typed', time_s: 1, by: 'Starter' });
      const cleared = await runCli(['start', f.dir, '--clear', '--by', 'Starter']);
      expect(cleared.out).toContain('Time zero: Not set: times are on the footage clock');
      expect(times(await json('results', f.dir, '--json'))['1']).toBe('10002500000');

      // Every change is one audit entry, and the record still verifies.
      const audit = (await fs.readFile(path.join(f.dir, 'audit.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l).action);
      expect(audit.filter((a: string) => a.startsWith('start.'))).toEqual(['start.set', 'start.set', 'start.cleared']);
      expect((await runCli(['verify', f.dir])).out).toBe('intact');
    } finally {
      await f.cleanup();
    }
  });

  it('is refused once the race is certified, naming the remedy; refuses two ways at once', async () => {
    const f = await makeRaceFixture({ sport: 'motorsport' });
    try {
      await runCli(['mark', f.dir, '--competitor', '1', '--column', '2.5', '--by', 'J']);
      // Nobody may go missing from a certified result: the rest of the start list did not start.
      for (const id of ['2', '3', '4']) await runCli(['status', f.dir, '--competitor', id, '--dns', '--by', 'J']);
      expect((await runCli(['certify', f.dir, '--official', 'Chief'])).code).toBe(0);
      const r = await runCli(['start', f.dir, '--time', '1', '--by', 'Starter']);
      expect(r).toMatchObject({ code: 2, err: 'photofinish start: cannot change the start: the race is certified (revision 1, by Chief); amend it first' });
      expect((await runCli(['start', f.dir, '--clear', '--by', 'Starter'])).err).toMatch(/cannot clear the start: the race is certified/);
      expect((await runCli(['start', f.dir, '--time', '1', '--flash'])).err).toBe('photofinish start: give one of --time S, --audio [FILE], --flash or --clear');
      expect((await runCli(['start', f.dir, '--time', '1', '--distance', '100'])).err).toBe('photofinish start: --distance and --temperature correct an --audio start only');
    } finally {
      await f.cleanup();
    }
  });
});

describe('photofinish start --audio / --flash on generated footage', () => {
  it('finds the report in an AAC/MP4 video’s own track within 0.2 ms and subtracts the sound delay exactly', async () => {
    const clip: StartClip = { container: 'mp4-aac', burstS: 1.2345678, fps: 50 };
    const race = await videoRace('aac-start', clip);
    const plain = await runCli(['start', race, '--audio', '--by', 'Starter']);
    expect(plain.code).toBe(0);
    expect(plain.err).toContain('warning: sound delay not corrected');
    const heard = (await json('results', race, '--json')).start;
    expect(Math.abs(heard.time_s - burstTruthS(clip))).toBeLessThanOrEqual(0.0002);
    expect((await json('results', race, '--json')).checks).toContainEqual(expect.objectContaining({ code: 'sound-delay-not-corrected' }));

    const corrected = await runCli(['start', race, '--audio', '--distance', '100', '--temperature', '20', '--by', 'Starter']);
    expect(corrected.code).toBe(0);
    expect(corrected.out).toMatch(/less 0\.291363 s sound delay \(100 m at 20 °C, 343\.2 m\/s\)/);
    const start = (await json('results', race, '--json')).start;
    expect(start).toMatchObject({ method: 'audio', distance_m: 100, temperature_c: 20, sound_delay_s: 0.291362877, by: 'Starter' });
    expect(BigInt(heard.time_ns) - BigInt(start.time_ns)).toBe(291_362_877n);
    // The onset's 0.1 ms, and the speed of sound's: ±1 °C about a given temperature, a wind of ±2 m/s (issue 20).
    expect(start.uncertainty_parts).toMatchObject({ onset_s: 0.0001, temperature_allowance_c: 1, wind_allowance_mps: 2 });
    const p = start.uncertainty_parts;
    expect(start.uncertainty_s).toBeCloseTo(p.onset_s + p.temperature_s + p.wind_s, 9);
    expect(start.uncertainty_s).toBeCloseTo(0.0023, 4);
    expect(corrected.out).toMatch(/±2\.3 ms in total \(onset ±0\.1 ms, speed of sound ±0\.5 ms for ±1 °C and ±1\.7 ms for a wind of ±2 m\/s\)/);
  });

  it('reads a separate WAV on the footage clock for a race built from frames', async () => {
    const f = await makeRaceFixture();
    try {
      const wav = path.join(tmp, 'start.wav');
      await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', "aevalsrc='0.002*(2*random(0)-1)+if(gte(t,9.87654),0.7*(2*random(1)-1)*exp(-(t-9.87654)*30),0)':s=48000:d=12", wav]);
      const r = await runCli(['start', f.dir, '--audio', wav, '--by', 'Starter']);
      expect(r.code).toBe(0);
      const start = (await json('results', f.dir, '--json')).start;
      expect(Math.abs(start.time_s - Math.ceil(9.87654 * 48000) / 48000)).toBeLessThanOrEqual(0.0002);
      expect(start.source).toBe(wav);
      const own = await runCli(['start', f.dir, '--audio', '--by', 'Starter']);
      expect(own.err).toMatch(/the race was built from a folder of frames, which has no sound; give the sound file with --audio FILE$/);
    } finally {
      await f.cleanup();
    }
  });

  it('puts time zero at the flash within one frame interval', async () => {
    const race = await videoRace('flash-start', { container: 'mkv-pcm', burstS: 2.5, flashS: 1.005, fps: 50 });
    const r = await runCli(['start', race, '--flash', '--by', 'Starter']);
    expect(r.code).toBe(0);
    const start = (await json('results', race, '--json')).start;
    expect(start.method).toBe('flash');
    expect(Math.abs(start.time_s - 1.005)).toBeLessThanOrEqual(0.02);
    expect(start.uncertainty_s).toBeLessThanOrEqual(0.02);
    expect(r.out).toMatch(/Gun’s flash, first seen in the frame at 1\.020000 s: 1\.010000 s on the footage clock, ±10\.0 ms; confirmed by Starter\./);
  });
});
