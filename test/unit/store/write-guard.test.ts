/**
 * Issue 21 item 5 (and item 10's folder): one guard for every file written. Each case here was a failure before it:
 * `zero-control --out` over a certified race's race.json or over its own recording, `export --force` over another
 * race's source frame, an export adding a file to another race's frames folder, a crafted export log letting export
 * overwrite any file without --force, a write onto a FIFO, and a recording saved inside a certified race's evidence/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../../../app/service/create-service.js';
import { sha256File } from '../../../app/store/sha256.js';
import { errorLine, runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';
import { CAPTURE_TEST_CAMERA } from '../../helpers/capture-fixture.js';

let tmp: string;
let dataDir: string;
let race: string;
let other: string;
let otherFrames: string;
let recording: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return runCli(args);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-write-guard-'));
  dataDir = path.join(tmp, 'data');
  process.env.PHOTOFINISH_DATA_DIR = dataDir;
  const frames = path.join(tmp, 'frames-a');
  otherFrames = path.join(tmp, 'OTHER', 'frames');
  await writeFrames(frames, { width: 12, height: 8, frames: 4 });
  await writeFrames(otherFrames, { width: 12, height: 8, frames: 4 });
  race = path.join(tmp, 'a.race');
  other = path.join(tmp, 'cert.race');
  const startList = path.join(tmp, 'start.csv');
  await writeFile(startList, 'id,name\n1,Ann Able\n');
  for (const [src, out] of [[frames, race], [otherFrames, other]] as const) {
    const r = await cli(['build', src, '--out', out, '--fps', '100', '--start-list', startList]);
    if (r.code !== 0) throw new Error(r.err);
  }
  const m = await cli(['mark', other, '--competitor', '1', '--column', '1.5', '--by', 'A. Judge']);
  if (m.code !== 0) throw new Error(m.err);
  const c = await cli(['certify', other, '--official', 'A. Judge', '--role', 'Chief photo-finish judge']);
  if (c.code !== 0) throw new Error(c.err);
  recording = path.join(tmp, 'zero-test.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=32x16:rate=25', '-frames:v', '8', '-c:v', 'mpeg4', recording]);
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await rm(tmp, { recursive: true, force: true });
});

/** Runs a command expected to be refused (exit 2, one line), and checks `watched` is byte for byte as it was. */
async function refused(args: string[], watched: string, message: RegExp): Promise<void> {
  const before = await readFile(watched).catch(() => null);
  const r = await cli(args);
  expect(r.code, r.err).toBe(2);
  expect(errorLine(r.err)).toMatch(message);
  const after = await readFile(watched).catch(() => null);
  expect(after === null ? null : after.equals(before as Buffer)).toBe(before === null ? null : true);
}

describe('zero-control --out', () => {
  it("refuses a certified race's race.json; the race still verifies", async () => {
    const doc = path.join(other, 'race.json');
    await refused(['zero-control', recording, '--out', doc], doc, /race\.json: lies inside the race folder .*cert\.race; a race folder holds only the race's own files$/);
    expect((await cli(['verify', other])).out).toMatch(/^intact\n/);
  });

  it('refuses its own recording', async () => {
    await refused(['zero-control', recording, '--out', recording], recording, /zero-test\.mp4: is the footage being read/);
  });
});

describe('export', () => {
  it("with --force, refuses another race's source frame (that race still verifies)", async () => {
    const frame = path.join(otherFrames, 'frame_00001.png');
    await refused(['export', race, '--force', '--png', frame], frame, /frame_00001\.png: lies in the folder of the frames of the race .*cert\.race/);
    expect((await cli(['verify', other])).out).toMatch(/^intact\n/);
  });

  it("without --force, adds no file to another race's frames folder", async () => {
    const added = path.join(otherFrames, 'sheet.pdf');
    await refused(['export', race, '--pdf', added], added, /lies in the folder of the frames of the race/);
    expect(existsSync(added)).toBe(false);
  });

  it('is not granted an overwrite by a crafted export log', async () => {
    const victim = path.join(tmp, 'stewards-notes.csv');
    await writeFile(victim, 'not an export\n');
    const { sha256, bytes } = await sha256File(victim);
    const entry = { at: new Date().toISOString(), kind: 'csv', path: victim, bytes, sha256, revision: 0, seal: 'a'.repeat(64) };
    await cli(['export', race, '--csv', path.join(tmp, 'real.csv')]);
    await appendFile(path.join(race, 'exports', 'exports-log.jsonl'), `${JSON.stringify(entry)}\n`);
    await refused(['export', race, '--csv', victim], victim, /stewards-notes\.csv: a file of that name already exists and is not an earlier export of this race/);
  });

  it('refuses a FIFO even with --force (a write would block or feed a reader)', async () => {
    const fifo = path.join(tmp, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    const r = await cli(['export', race, '--force', '--csv', fifo]);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toMatch(/pipe\.csv: is not a regular file/);
  });
});

describe('a recording\'s "Save the race in" folder', () => {
  const plan = (out: string) => ({ out, name: 'Heat', sport: 'motorsport' as const, line: { kind: 'column' as const, x: 7 }, travel: 'right-to-left' as const });
  const camera = { label: 'Test camera', ...CAPTURE_TEST_CAMERA, frameRate: 100 };

  it("is refused inside a certified race's evidence/ and inside a known race's frames folder", async () => {
    const { service } = createService({ shell: 'browser', dataDir });
    await expect(service.checkCapture({ plan: plan(path.join(other, 'evidence', 'heat.race')), camera })).rejects.toThrow(/evidence: lies inside the race folder .*cert\.race/);
    await expect(service.startCapture({ plan: plan(path.join(other, 'evidence', 'heat.race')), camera })).rejects.toThrow(/lies inside the race folder/);
    expect(existsSync(path.join(other, 'evidence', 'heat.race-frames'))).toBe(false);
    await expect(service.checkCapture({ plan: plan(path.join(otherFrames, 'heat.race')), camera })).rejects.toThrow(/lies in the folder of the frames of the race .*cert\.race/);
    await expect(service.checkCapture({ plan: plan(path.join(tmp, 'heat.race')), camera })).resolves.toBeUndefined();
  });
});

describe('build --out', () => {
  it("refuses a new race inside a certified race's evidence/ and inside its own frames folder", async () => {
    const intoEvidence = await cli(['build', otherFrames, '--out', path.join(other, 'evidence', 'new.race'), '--fps', '100']);
    expect(intoEvidence.code).toBe(2);
    expect(errorLine(intoEvidence.err)).toMatch(/evidence: lies inside the race folder .*cert\.race/);
    expect(existsSync(path.join(other, 'evidence', 'new.race'))).toBe(false);
    const intoFrames = await cli(['build', otherFrames, '--out', path.join(otherFrames, 'new.race'), '--fps', '100']);
    expect(intoFrames.code).toBe(2);
    expect(errorLine(intoFrames.err)).toMatch(/frames: lies in the folder of the frames/);
    expect((await cli(['verify', other])).out).toMatch(/^intact\n/);
  });
});
