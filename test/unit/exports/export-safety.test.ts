/**
 * An export never destroys evidence or another race: not the race's footage, not a race document or audit log
 * (this race's or another's, however the path is spelled: `..`, a symlink, other letter case), not a frames
 * folder; and it never replaces a file that is not an earlier export of this race unless told to.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../../app/bridge/server.js';
import { isCaseInsensitive } from '../../../app/security/path-identity.js';
import { createService } from '../../../app/service/create-service.js';
import { errorLine, escapeRegExp, runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';
import { mountCaseInsensitiveVolume, type ScratchVolume } from '../../helpers/scratch-volume.js';

let tmp: string;
let frames: string;
let clip: string;
let raceA: string;
let raceB: string;
let videoRace: string;


function makeClip(file: string): void {
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=32x16:rate=25', '-frames:v', '8', '-c:v', 'mpeg4', '-q:v', '2', file]);
}

async function build(args: string[]): Promise<void> {
  const r = await runCli(['build', ...args]);
  if (r.code !== 0) throw new Error(r.err);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-export-safety-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  frames = path.join(tmp, 'frames');
  await writeFrames(frames, { width: 12, height: 8, frames: 4 });
  raceA = path.join(tmp, 'a.race');
  raceB = path.join(tmp, 'b.race');
  const startList = path.join(tmp, 'start.csv');
  await writeFile(startList, 'id,name\n1,Ann Able\n2,Bea Best\n');
  await build([frames, '--out', raceA, '--fps', '100', '--name', 'Heat A', '--start-list', startList]);
  await build([frames, '--out', raceB, '--fps', '100', '--name', 'Heat B']);
  await mkdir(path.join(tmp, 'footage'));
  clip = path.join(tmp, 'footage', 'clip.mp4');
  makeClip(clip);
  videoRace = path.join(tmp, 'v.race');
  await build([clip, '--out', videoRace, '--line', '16']);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});


/** Runs an export expected to be refused; checks that the file named is untouched. */
async function refused(race: string, flag: string, target: string, watched: string, message: RegExp): Promise<void> {
  const before = await readFile(watched).catch(() => null);
  const r = await runCli(['export', race, flag, target]);
  expect(r.code).toBe(2);
  expect(errorLine(r.err)).toMatch(message);
  expect(r.out).toBe('');
  const after = await readFile(watched).catch(() => null);
  expect(after === null ? null : after.equals(before as Buffer)).toBe(before === null ? null : true);
}

describe('export refuses what would destroy evidence', () => {
  it("refuses the race's own video, by name, through `..` and through a symlink", async () => {
    await refused(videoRace, '--pdf', clip, clip, /clip\.mp4: is a source file of this race/);
    await refused(videoRace, '--pdf', path.join(tmp, 'footage', '..', 'footage', 'clip.mp4'), clip, /is a source file of this race/);
    const link = path.join(tmp, 'clip-link.mp4');
    await symlink(clip, link);
    await refused(videoRace, '--csv', link, clip, /clip-link\.mp4: is a source file of this race/);
  });

  it("refuses another race's race.json and audit log, directly, through a symlinked folder and `..`", async () => {
    await refused(raceA, '--csv', path.join(raceB, 'race.json'), path.join(raceB, 'race.json'), /lies inside the race folder .*b\.race/);
    await refused(raceA, '--json', path.join(raceB, 'audit.jsonl'), path.join(raceB, 'audit.jsonl'), /lies inside the race folder/);
    const link = path.join(tmp, 'link-to-b');
    await symlink(raceB, link);
    await refused(raceA, '--csv', path.join(link, 'race.json'), path.join(raceB, 'race.json'), /lies inside the race folder .*b\.race/);
    // Another race's exports/ folder is refused too, and the message sends this race's exports to its own (before:
    // "lies inside the race folder …b.race; exports go into its exports/ folder", which is where it was refused).
    const sheet = path.join(raceB, 'exports', 'sheet.pdf');
    const b = await realpath(raceB);
    await refused(raceA, '--pdf', sheet, sheet, new RegExp(`^photofinish export: ${escapeRegExp(sheet)}: lies inside the race folder ${escapeRegExp(b)}, another race's; this race's exports go into its own exports/ folder or outside any race folder$`));
    expect((await runCli(['verify', raceB])).out).toBe('intact');
  });

  it("refuses this race's own document, log, evidence and tiles, and its export record", async () => {
    const own = await readFile(path.join(raceA, 'race.json'));
    await refused(raceA, '--csv', path.join(raceA, 'race.json'), path.join(raceA, 'race.json'), /lies inside this race's folder/);
    await refused(raceA, '--csv', path.join(raceA, 'exports', '..', 'audit.jsonl'), path.join(raceA, 'audit.jsonl'), /lies inside this race's folder/);
    const selfLink = path.join(tmp, 'link-to-a');
    await symlink(raceA, selfLink);
    await refused(raceA, '--csv', path.join(selfLink, 'race.json'), path.join(raceA, 'race.json'), /lies inside this race's folder/);
    await refused(raceA, '--png', path.join(raceA, 'evidence', 'composite.png'), path.join(raceA, 'evidence', 'composite.png'), /lies inside this race's folder/);
    await refused(raceA, '--png', path.join(raceA, 'tiles', '0', '0.png'), path.join(raceA, 'tiles', '0', '0.png'), /lies inside this race's folder/);
    await mkdir(path.join(raceA, 'exports'), { recursive: true });
    await refused(raceA, '--csv', path.join(raceA, 'exports', 'exports-log.jsonl'), path.join(raceA, 'exports', 'exports-log.jsonl'), /record of its exports/);
    expect((await readFile(path.join(raceA, 'race.json'))).equals(own)).toBe(true);
    expect((await runCli(['verify', raceA])).out).toBe('intact');
  });

  it("refuses the race's frames folder, even for a new file name", async () => {
    await refused(raceA, '--pdf', path.join(frames, 'sheet.pdf'), path.join(frames, 'sheet.pdf'), /lies in the folder of this race's frames/);
    expect(existsSync(path.join(frames, 'sheet.pdf'))).toBe(false);
  });
});

describe('export replaces only its own earlier files unless told to', () => {
  it('refuses an existing unrelated file, then replaces it with --force', async () => {
    const out = await mkdtemp(path.join(tmp, 'out-'));
    const notes = path.join(out, 'notes.csv');
    await writeFile(notes, 'the steward\'s notes\n');
    await refused(raceA, '--csv', notes, notes, /notes\.csv: a file of that name already exists and is not an earlier export of this race; nothing was written; use --force to replace it, or name another file$/);
    const r = await runCli(['export', raceA, '--csv', notes, '--force']);
    expect(r.code).toBe(0);
    expect(await readFile(notes, 'utf8')).toMatch(/^\ufeff?place,/);
  });

  it('replaces an earlier export of this race (known by its record, not its name) without asking', async () => {
    const out = await mkdtemp(path.join(tmp, 'out-'));
    const first = path.join(out, 'heat.csv');
    expect((await runCli(['export', raceA, '--csv', first])).code).toBe(0);
    // A later state of the race, exported over the earlier file: its content was recorded, so it is ours.
    expect((await runCli(['mark', raceA, '--competitor', '1', '--column', '1.5', '--by', 'A. Judge'])).code).toBe(0);
    expect((await runCli(['export', raceA, '--csv', first])).code).toBe(0);
    // The same bytes under another name are still an earlier export of this race.
    const renamed = path.join(out, 'renamed.csv');
    await copyFile(first, renamed);
    expect((await runCli(['export', raceA, '--csv', renamed])).code).toBe(0);
    // Another race's export is not this race's.
    await refused(raceB, '--csv', renamed, renamed, /is not an earlier export of this race/);
    // Default names into RACE/exports/, twice (all five: with an event number the .lif is among them).
    expect((await runCli(['event', raceA, '--number', '7', '--by', 'Clerk'])).code).toBe(0);
    expect((await runCli(['export', raceA])).code).toBe(0);
    const again = await runCli(['export', raceA]);
    expect(again.code).toBe(0);
    expect(again.out.split('\n')).toHaveLength(5);
    const log = (await readFile(path.join(raceA, 'exports', 'exports-log.jsonl'), 'utf8')).trim().split('\n');
    expect(log.length).toBeGreaterThanOrEqual(13);
    expect(log.map((l) => JSON.parse(l) as { path: string; kind: string }).filter((e) => e.path === first)).toHaveLength(2);
  });
});

describe('through the HTTP bridge', () => {
  let bridge: RunningBridge;
  beforeAll(async () => {
    const renderer = path.join(tmp, 'renderer');
    await mkdir(renderer, { recursive: true });
    await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>Photofinish</title>');
    bridge = await startBridge({ running: createService({ shell: 'browser', dataDir: path.join(tmp, 'data') }), rendererDir: renderer });
  });
  afterAll(async () => {
    await bridge?.close();
  });
  const call = async (name: string, body: unknown) => {
    const res = await fetch(`${bridge.origin}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bridge.token}` }, body: JSON.stringify(body) });
    return (await res.json()) as { ok: boolean; value?: { raceId: string }; error?: { code: string; message: string; hint?: string } };
  };

  it("refuses another race's document and an unrelated file; replaces that file once the official confirms", async () => {
    const { value } = await call('openRace', { path: raceA });
    const raceId = (value as { raceId: string }).raceId;
    const before = await readFile(path.join(raceB, 'race.json'));
    const other = await call('exportRace', { raceId, csv: path.join(raceB, 'race.json') });
    expect(other.ok).toBe(false);
    expect(other.error?.code).toBe('FORBIDDEN');
    expect((await readFile(path.join(raceB, 'race.json'))).equals(before)).toBe(true);

    const file = path.join(tmp, 'bridge-notes.pdf');
    await writeFile(file, 'not a sheet');
    const refusedCall = await call('exportRace', { raceId, pdf: file });
    expect(refusedCall.error).toMatchObject({ code: 'CONFLICT', hint: 'replace-file', facts: { file } });
    expect(refusedCall.error?.message).toContain(file);
    expect(await readFile(file, 'utf8')).toBe('not a sheet');
    const confirmed = await call('exportRace', { raceId, pdf: file, overwrite: true });
    expect(confirmed.ok).toBe(true);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('on a volume that ignores case (exFAT)', () => {
  let vol: ScratchVolume | string = 'not mounted';
  beforeAll(async () => {
    vol = await mountCaseInsensitiveVolume();
  });
  afterAll(async () => {
    if (typeof vol !== 'string') await vol.unmount();
  });

  it('detects the volume and refuses the footage and race files spelled in other letter case', async (t) => {
    if (typeof vol === 'string') {
      t.skip(vol);
      return;
    }
    const footage = path.join(vol.dir, 'Footage');
    await mkdir(footage);
    expect(await isCaseInsensitive(vol.dir)).toBe(true);
    expect(await isCaseInsensitive(tmp)).toBe(false);
    const onVolume = path.join(footage, 'Clip.mp4');
    makeClip(onVolume);
    const race = path.join(tmp, 'exfat-source.race');
    await build([onVolume, '--out', race, '--line', '16']);
    await refused(race, '--pdf', path.join(vol.dir, 'FOOTAGE', 'CLIP.MP4'), onVolume, /CLIP\.MP4: is a source file of this race/);
    await refused(race, '--pdf', path.join(vol.dir, 'footage', 'clip.mp4'), onVolume, /is a source file of this race/);
    // A race folder copied onto the volume: its document spelled in capitals is still its document.
    const copied = path.join(vol.dir, 'Heat');
    execFileSync('cp', ['-r', raceB, copied]);
    const doc = path.join(copied, 'race.json');
    await refused(raceA, '--csv', path.join(vol.dir, 'HEAT', 'RACE.JSON'), doc, /lies inside the race folder/);
    expect(await readdir(copied)).not.toContain('RACE.JSON');
  });
});
