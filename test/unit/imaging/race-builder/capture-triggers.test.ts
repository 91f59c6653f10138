/**
 * A race built from a live recording carries the official's F-key marks as evidence: in the manifest (hashed into
 * the audit chain's first entry), with capture.json itself hashed like the frames, shown by `info` / `info --json`
 * and by the race the workspace opens; `verify` notices a capture.json changed after the build.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureWriter } from '../../../../app/capture/capture-writer.js';
import { createService } from '../../../../app/service/create-service.js';
import { runCli } from '../../../fixtures/cli-capture.js';
import { encodeFrame, type FrameSpec } from '../../../fixtures/synthetic-frames.js';
import { CAPTURE_TEST_CAMERA, captureRecordFor } from '../../../helpers/capture-fixture.js';

const spec: FrameSpec = { ...CAPTURE_TEST_CAMERA, frames: 1, format: 'png' };
let tmp: string;
let folder: string;
// 100 frames/s on the camera's clock from 5 s; F pressed at 5.0425 s and 5.0131 s, and once before the first frame.
const us = Array.from({ length: 10 }, (_, i) => 5_000_000 + i * 10_000);
const presses = [5_042_500, 5_013_100, 4_990_000];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-triggers-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  folder = path.join(tmp, 'heat-frames');
  const w = await CaptureWriter.create(folder, captureRecordFor(folder));
  await w.mark({ kind: 'manual', captureUs: presses[2] as number });
  for (const [seq, captureUs] of us.entries()) w.offer({ seq, captureUs, bytes: await encodeFrame(spec, seq) });
  await w.mark({ kind: 'motion-stop', captureUs: 5_050_000 });
  for (const captureUs of presses.slice(0, 2)) await w.mark({ kind: 'manual', captureUs });
  await w.finish();
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const build = (out: string, ...timing: string[]) => runCli(['build', folder, '--out', out, '--line', '7', ...timing]);

describe('trigger marks of a live recording', () => {
  it('are carried into the race built from its own timestamps, exactly, and shown by info --json and the race view', async () => {
    const out = path.join(tmp, 'race-ts');
    expect((await build(out, '--timestamps', path.join(folder, 'timestamps.csv'))).code).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(out, 'evidence/manifest.json'), 'utf8'));
    expect(manifest.capture.record.path).toBe(path.join(folder, 'capture.json'));
    expect(manifest.capture.triggers).toEqual([
      { timeNs: '-10000000', captureUs: 4_990_000 },
      { timeNs: '13100000', captureUs: 5_013_100 },
      { timeNs: '42500000', captureUs: 5_042_500 },
    ]);
    const info = JSON.parse((await runCli(['info', out, '--json'])).out);
    expect(info.triggers).toEqual([
      { time_s: -0.01, column: null },
      { time_s: 0.0131, column: 1.31 },
      { time_s: 0.0425, column: 4.25 },
    ]);
    const text = (await runCli(['info', out])).out;
    expect(text).toContain('triggers   3 marked with F while recording');
    expect(text).toContain('F3 0.0425 s, column 4.25');

    const { service } = createService({ shell: 'cli', dataDir: path.join(tmp, 'data') });
    const { raceId } = await service.openRace({ path: out });
    const view = await service.getRace({ raceId });
    expect(view.triggers).toEqual([
      { label: 'F1', timeNs: '-10000000', milliColumn: null },
      { label: 'F2', timeNs: '13100000', milliColumn: 1310 },
      { label: 'F3', timeNs: '42500000', milliColumn: 4250 },
    ]);
  });

  it('are placed by the frames they fall between when the race was built at a typed rate', async () => {
    const out = path.join(tmp, 'race-fps');
    expect((await build(out, '--fps', '50')).code).toBe(0);
    const info = JSON.parse((await runCli(['info', out, '--json'])).out);
    // 50 frames/s: 20 ms per column; the marks stay on their columns.
    expect(info.triggers).toEqual([
      { time_s: -0.01, column: null },
      { time_s: 0.0262, column: 1.31 },
      { time_s: 0.085, column: 4.25 },
    ]);
  });

  it('are evidence: verify reports a capture.json changed after the build', async () => {
    const out = path.join(tmp, 'race-verify');
    expect((await build(out, '--timestamps', path.join(folder, 'timestamps.csv'))).code).toBe(0);
    expect((await runCli(['verify', out])).code).toBe(0);
    const record = path.join(folder, 'capture.json');
    const original = await readFile(record, 'utf8');
    await writeFile(record, original.replace('5042500', '5032500'));
    try {
      const verify = await runCli(['verify', out]);
      expect(verify.code).not.toBe(0);
      expect(verify.out + verify.err).toContain(`capture record changed: ${record}`);
    } finally {
      await writeFile(record, original);
    }
  });

  it('a frame folder without a capture record builds as before, with no triggers', async () => {
    const out = path.join(tmp, 'race-plain');
    const plain = path.join(tmp, 'plain');
    await cp(folder, plain, { recursive: true, filter: (src) => path.basename(src) !== 'capture.json' });
    expect((await runCli(['build', plain, '--out', out, '--line', '7', '--fps', '50'])).code).toBe(0);
    expect(JSON.parse(await readFile(path.join(out, 'evidence/manifest.json'), 'utf8')).capture).toBeUndefined();
    expect(JSON.parse((await runCli(['info', out, '--json'])).out).triggers).toEqual([]);
  });

  it('a capture record this version cannot read is refused before anything is written (no mark lost silently)', async () => {
    const broken = path.join(tmp, 'broken');
    await cp(folder, broken, { recursive: true });
    await writeFile(path.join(broken, 'capture.json'), '{"schema":"photofinish.capture","schemaVersion":9}');
    const r = await runCli(['build', broken, '--out', path.join(tmp, 'race-broken'), '--line', '7', '--fps', '50']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(`${path.join(broken, 'capture.json')}: not a capture record this version can read`);
  });
});
