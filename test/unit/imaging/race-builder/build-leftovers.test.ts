/**
 * A build killed with -9 leaves its hidden `.NAME.building-*` folder; the next build to that place removes it,
 * while a build still running (its owner alive) is never touched. `build --force` does not replace a certified
 * race unless --replace-certified says so, and the refusal says what would be lost; nor a race whose folder holds
 * the footage (or timestamps, or start list) the build is made from, which the replacement would delete.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLine, escapeRegExp, runCli } from '../../../fixtures/cli-capture.js';
import { writeFrames } from '../../../fixtures/synthetic-frames.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let tmp: string;
let frames: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-leftovers-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  frames = path.join(tmp, 'frames');
  await writeFrames(frames, { width: 64, height: 48, frames: 400 });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const leftovers = async (dir: string) => (await readdir(dir)).filter((n) => n.includes('.building-')).sort();

describe('leftovers of killed builds', () => {
  it('a build killed with -9 leaves its folder; the next build to that place removes it', async () => {
    const place = path.join(tmp, 'killed');
    await mkdir(place);
    const out = path.join(place, 'heat.race');
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/photofinish.mjs'), 'build', frames, '--out', out, '--fps', '100'], {
      env: { ...process.env, PHOTOFINISH_JPEG_DECODER: 'sharp' },
      stdio: 'ignore',
    });
    // Kill it once its temporary folder is claimed (the owner file is written right after the folder is made).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [name] = await leftovers(place);
      if (name && (await readdir(path.join(place, name)).catch(() => [] as string[])).includes('.build-owner.json')) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the build finished or never started before it could be killed');
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(await leftovers(place)).toHaveLength(1);

    const again = await runCli(['build', frames, '--out', out, '--fps', '100']);
    expect(again.code).toBe(0);
    expect(await leftovers(place)).toEqual([]);
    expect((await readdir(out)).includes('.build-owner.json')).toBe(false);
  });

  it('never touches a build in progress (owner alive) or one just starting; removes an unowned old one', async () => {
    const place = path.join(tmp, 'busy');
    await mkdir(place);
    const out = path.join(place, 'heat.race');
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const live = path.join(place, '.heat.race.building-live01');
      await mkdir(live);
      await writeFile(path.join(live, '.build-owner.json'), JSON.stringify({ pid: sleeper.pid, host: os.hostname(), startedAt: new Date().toISOString() }));
      const starting = path.join(place, '.heat.race.building-fresh1');
      await mkdir(starting);
      const old = path.join(place, '.heat.race.building-old001');
      await mkdir(old);
      const hourAgo = new Date(Date.now() - 3_600_000);
      await utimes(old, hourAgo, hourAgo);
      const r = await runCli(['build', frames, '--out', out, '--fps', '100']);
      expect(r.code).toBe(0);
      expect(await leftovers(place)).toEqual(['.heat.race.building-fresh1', '.heat.race.building-live01']);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});

describe('build --force over a certified race', () => {
  it('is refused, saying what would be lost, unless --replace-certified is given too', async () => {
    const out = path.join(tmp, 'certified.race');
    await writeFile(path.join(tmp, 'start.csv'), 'id,name\n1,Ann Able\n');
    expect((await runCli(['build', frames, '--out', out, '--fps', '100', '--start-list', path.join(tmp, 'start.csv')])).code).toBe(0);
    expect((await runCli(['mark', out, '--competitor', '1', '--column', '12.5', '--by', 'A. Judge'])).code).toBe(0);
    expect((await runCli(['certify', out, '--official', 'A. Judge'])).code).toBe(0);
    expect((await runCli(['amend', out, '--by', 'A. Judge', '--reason', 'protest'])).code).toBe(0);
    expect((await runCli(['certify', out, '--official', 'A. Judge'])).code).toBe(0);

    const refused = await runCli(['build', frames, '--out', out, '--fps', '100', '--force']);
    expect(refused.code).toBe(2);
    expect(errorLine(refused.err)).toBe(
      `photofinish build: ${out}: holds a certified race; replacing it would delete its 2 revisions, 2 certifications and 5 audit entries; build into another folder, or add --replace-certified to --force if that is really meant`,
    );
    expect((await runCli(['verify', out])).out.split('\n')[0]).toBe('intact');
    expect(errorLine((await runCli(['build', frames, '--out', out, '--fps', '100', '--replace-certified'])).err)).toBe('photofinish build: --replace-certified goes with --force');

    const replaced = await runCli(['build', frames, '--out', out, '--fps', '100', '--force', '--replace-certified']);
    expect(replaced.code).toBe(0);
    const results = JSON.parse((await runCli(['results', out, '--json'])).out) as { certified: boolean; revision: number };
    expect(results).toMatchObject({ certified: false, revision: 1 });
  });
});

describe('build --force over a race whose audit log is damaged or missing (issue 21 item 6)', () => {
  // Before: one corrupted byte (or a deleted audit.jsonl) and --force alone deleted the certified race.
  it('is refused as if certified, saying what would be lost, and the race is left as it was', async () => {
    await writeFile(path.join(tmp, 'start.csv'), 'id,name\n1,Ann Able\n');
    const out = path.join(tmp, 'damaged.race');
    expect((await runCli(['build', frames, '--out', out, '--fps', '100', '--start-list', path.join(tmp, 'start.csv')])).code).toBe(0);
    expect((await runCli(['mark', out, '--competitor', '1', '--column', '12.5', '--by', 'A. Judge'])).code).toBe(0);
    expect((await runCli(['certify', out, '--official', 'A. Judge'])).code).toBe(0);
    const log = path.join(out, 'audit.jsonl');
    const bytes = await readFile(log);
    const corrupted = Buffer.from(bytes);
    corrupted[40] = corrupted[40] === 0x41 ? 0x42 : 0x41;
    await writeFile(log, corrupted);
    const refused = await runCli(['build', frames, '--out', out, '--fps', '100', '--force']);
    expect(refused.code).toBe(2);
    expect(errorLine(refused.err)).toMatch(
      new RegExp(`^photofinish build: ${escapeRegExp(out)}: holds a race whose record cannot be checked: its audit log is damaged at entry 1 \\(.*\\); it may be certified, and replacing it would delete race\\.json \\(revision 1, certified by A\\. Judge, 3 audit entries\\), the 0 audit entries still readable and its evidence; build into another folder, or add --replace-certified to --force if that is really meant$`),
    );
    await rm(log);
    const missing = await runCli(['build', frames, '--out', out, '--fps', '100', '--force']);
    expect(errorLine(missing.err)).toMatch(/: holds a race whose record cannot be checked: its audit log is missing; it may be certified, and replacing it would delete race\.json \(revision 1, certified by A\. Judge/);
    expect(JSON.parse(await readFile(path.join(out, 'race.json'), 'utf8'))).toMatchObject({ certified: { official: 'A. Judge' } });
    expect((await runCli(['build', frames, '--out', out, '--fps', '100', '--force', '--replace-certified'])).code).toBe(0);
  });
});

describe('build --force over the race folder that holds the footage', () => {
  // Before: built "successfully" from RACE/clip.mp4 into RACE, then deleted the old folder with the clip in it;
  // verify then said "file missing" for the footage the new race was made from.
  it('is refused naming the footage, and the footage and the race are left as they were', async () => {
    const out = path.join(tmp, 'holds-footage.race');
    expect((await runCli(['build', frames, '--out', out, '--fps', '100'])).code).toBe(0);
    const inside = path.join(out, 'footage');
    await writeFrames(inside, { width: 64, height: 48, frames: 4 });
    const before = (await readdir(inside)).sort();
    const r = await runCli(['build', inside, '--out', out, '--fps', '100', '--force']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe(
      `photofinish build: ${inside}: lies inside ${out}, the race folder that would be replaced (deleted with everything in it); move it out of that folder first`,
    );
    // A start list kept in the race folder likewise.
    const list = path.join(out, 'start.csv');
    await writeFile(list, 'id,name\n1,Ann Able\n');
    const withList = await runCli(['build', frames, '--out', out, '--fps', '100', '--force', '--start-list', list]);
    expect(errorLine(withList.err)).toBe(`photofinish build: ${list}: lies inside ${out}, the race folder that would be replaced (deleted with everything in it); move it out of that folder first`);
    expect((await readdir(inside)).sort()).toEqual(before);
    expect((await runCli(['verify', out])).out.split('\n')[0]).toBe('intact');
    expect(await leftovers(tmp)).toEqual([]);
  });
});
