/**
 * A full disk on a real (tiny tmpfs) file system: a change is reported as what actually happened (recorded, with
 * the snapshot repaired later; or not saved at all, the log exactly as before), read-only commands work on the
 * full disk and with an unwritable data folder, and a build says the disk is full naming the race's folder.
 */
import { loadInstallationKey } from '../../../app/security/installation-key.js';
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdir, readFile, readdir, rm, stat, statfs, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { escapeRegExp, runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';
import { mountTinyTmpfs, type ScratchVolume } from '../../helpers/scratch-volume.js';

let vol: ScratchVolume | string = 'not mounted';
let fx: RaceFixture;
let race: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;

beforeAll(async () => {
  vol = await mountTinyTmpfs(2 * 1024 * 1024);
});
afterAll(async () => {
  if (typeof vol !== 'string') await vol.unmount();
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
});
afterEach(async () => {
  await fx?.cleanup();
  if (typeof vol !== 'string') await rm(path.join(vol.dir, 'x'), { recursive: true, force: true });
});

/**
 * Fills the volume with one file, then frees `pages` pages (tmpfs hands out whole 4 KB pages). One page is what
 * the race's write lock takes for its pid, so `fill(dir, 1)` leaves nothing for the data of a change.
 */
async function fill(dir: string, pages: number): Promise<string> {
  const filler = path.join(dir, 'x', 'filler.bin');
  const chunk = Buffer.alloc(64 * 1024, 0x55);
  for (;;) {
    try {
      await appendFile(filler, chunk);
    } catch {
      break;
    }
  }
  for (const size of [4096, 512, 64, 1]) {
    for (;;) {
      try {
        await appendFile(filler, chunk.subarray(0, size));
      } catch {
        break;
      }
    }
  }
  expect((await statfs(dir)).bavail).toBe(0);
  await truncate(filler, (await stat(filler)).size - pages * 4096);
  expect((await statfs(dir)).bavail).toBe(pages);
  return filler;
}

/** A race copied onto the volume, every competitor marked (so it can be certified), and marks placed until the log's last page has `room` bytes free, or less. */
async function raceOnVolume(dir: string, roomAtLeast: number, roomAtMost: number): Promise<string> {
  fx = await makeRaceFixture();
  const at = path.join(dir, 'x', 'race');
  await mkdir(path.dirname(at), { recursive: true });
  execFileSync('cp', ['-r', fx.dir, at]);
  const log = path.join(at, 'audit.jsonl');
  for (let i = 0; ; i++) {
    const room = 4096 - ((await stat(log)).size % 4096);
    if (i >= 4 && room >= roomAtLeast && room <= roomAtMost) return at;
    if (i > 40) throw new Error('could not bring the audit log to the wanted page offset');
    const r = await runCli(['mark', at, '--competitor', String((i % 4) + 1), '--column', String(1 + (i % 7) * 0.37), '--by', 'Setup']);
    expect(r.code).toBe(0);
  }
}

/** The error line of a command (notes and warnings are other lines). */
const errorLine = (err: string) => err.split('\n').find((l) => l.startsWith('photofinish ') && !/^photofinish( \S+)?: (note|warning):/.test(l)) ?? '';

describe('on a full disk', () => {
  it('certify: the entry is recorded, the command says the snapshot waits, read-only commands work, the next open repairs', async (t) => {
    if (typeof vol === 'string') return t.skip(vol);
    race = await raceOnVolume(vol.dir, 1500, 4096);
    // The user's data folder (recent races) elsewhere: the one free page is the lock's.
    process.env.PHOTOFINISH_DATA_DIR = path.join(fx.dir, '..', 'data');
    // The same installation reads the race from the full disk below: its key, copied there first.
    await loadInstallationKey(process.env.PHOTOFINISH_DATA_DIR, null);
    await cp(process.env.PHOTOFINISH_DATA_DIR, path.join(vol.dir, 'x', 'data'), { recursive: true });
    const filler = await fill(vol.dir, 1);
    const logBefore = (await stat(path.join(race, 'audit.jsonl'))).size;

    const r = await runCli(['certify', race, '--official', 'A. Judge']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Certified revision 1 of "Test heat" by A\. Judge/);
    expect(r.err).toContain(
      "photofinish certify: note: the certification is recorded; the race's snapshot could not be rewritten (disk full): it will be repaired when the race is next opened",
    );
    expect((await stat(path.join(race, 'audit.jsonl'))).size).toBeGreaterThan(logBefore);
    expect(JSON.parse(await readFile(path.join(race, 'race.json'), 'utf8')).certified ?? null).toBeNull();

    // Read-only commands on the full disk, the data folder (recent races) on it too.
    process.env.PHOTOFINISH_DATA_DIR = path.join(vol.dir, 'x', 'data');
    const results = await runCli(['results', race]);
    expect(results.code).toBe(0);
    expect(results.out).toMatch(/certified by A\. Judge/);
    expect((await runCli(['info', race])).code).toBe(0);
    const verify = await runCli(['verify', race]);
    expect(verify.out.split('\n')[0]).toBe('intact');
    expect(verify.code).toBe(0);
    // Still full: a change is refused saying so, naming the race (the signing key lives in the other data folder).
    process.env.PHOTOFINISH_DATA_DIR = path.join(fx.dir, '..', 'data');
    expect(errorLine((await runCli(['certify', race, '--official', 'A. Judge'])).err)).toBe(
      `photofinish certify: ${race}: the disk is full; nothing was saved (the race can be viewed and verified; free some space to save changes)`,
    );

    await rm(filler);
    const reopened = await runCli(['results', race, '--json']);
    expect(reopened.code).toBe(0);
    // `results` only looks; a command that opens for changes repairs the snapshot first, then the rules speak.
    expect(JSON.parse(await readFile(path.join(race, 'race.json'), 'utf8')).certified ?? null).toBeNull();
    const retry = await runCli(['certify', race, '--official', 'A. Judge']);
    expect(retry.err).toMatch(/note: race\.json brought up to date with audit entry/);
    expect(errorLine(retry.err)).toMatch(/already certified/);
    expect(JSON.parse(await readFile(path.join(race, 'race.json'), 'utf8')).certified).toMatchObject({ official: 'A. Judge' });
    expect((await runCli(['verify', race])).out.split('\n')[0]).toBe('intact');
  });

  it('a change while the snapshot waits for its repair and the repair does not fit: refused naming the race, nothing saved', async (t) => {
    if (typeof vol === 'string') return t.skip(vol);
    race = await raceOnVolume(vol.dir, 1500, 4096);
    process.env.PHOTOFINISH_DATA_DIR = path.join(fx.dir, '..', 'data');
    let filler = await fill(vol.dir, 1);
    expect((await runCli(['certify', race, '--official', 'A. Judge'])).code).toBe(0);
    await rm(filler);
    // Room for the lock and a little more, not for the snapshot the change would first have to repair.
    const documentPages = Math.ceil((await stat(path.join(race, 'race.json'))).size / 4096);
    filler = await fill(vol.dir, documentPages);
    const log = path.join(race, 'audit.jsonl');
    const before = await readFile(log);
    // Before: "photofinish amend: The disk is full; free some space on it and try again" (no folder, no word of
    // what was saved) from the repair's write.
    const r = await runCli(['amend', race, '--reason', 'Wrong hairline', '--by', 'A. Judge']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe(`photofinish amend: ${race}: the disk is full; nothing was saved (the race can be viewed and verified; free some space to save changes)`);
    expect((await readFile(log)).equals(before)).toBe(true);
    expect((await readdir(race)).filter((f) => f.startsWith('.') || f === 'race.lock')).toEqual([]);
    await rm(filler);
  });

  it('mark: an entry that does not fit is not saved, the log is exactly as before, and the command says so', async (t) => {
    if (typeof vol === 'string') return t.skip(vol);
    process.env.PHOTOFINISH_DATA_DIR = path.join(vol.dir, 'x', 'data');
    race = await raceOnVolume(vol.dir, 1, 250);
    const filler = await fill(vol.dir, 1);
    const log = path.join(race, 'audit.jsonl');
    const before = await readFile(log);
    const r = await runCli(['mark', race, '--competitor', '2', '--column', '3.25', '--by', 'A. Judge']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe(`photofinish mark: ${race}: nothing was saved: the disk is full; free some space on it and try again`);
    expect((await readFile(log)).equals(before)).toBe(true);
    await rm(filler);
    expect((await runCli(['verify', race])).out).toBe('intact');
  });

  it('export: names the file and says the disk is full (was: "cannot be written (ENOSPC)"); leaves nothing behind', async (t) => {
    if (typeof vol === 'string') return t.skip(vol);
    process.env.PHOTOFINISH_DATA_DIR = path.join(vol.dir, 'x', 'data');
    race = await raceOnVolume(vol.dir, 1, 4096);
    const filler = await fill(vol.dir, 1);
    const sheet = path.join(vol.dir, 'x', 'sheet.pdf');
    const r = await runCli(['export', race, '--pdf', sheet]);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toBe(`photofinish export: ${sheet}: the disk is full; free some space on it and try again`);
    expect((await readdir(path.join(vol.dir, 'x'))).filter((f) => f.includes('sheet'))).toEqual([]);
    await rm(filler);
  });

  it('build: names the race folder and says the disk is full; leaves nothing behind', async (t) => {
    if (typeof vol === 'string') return t.skip(vol);
    fx = await makeRaceFixture();
    process.env.PHOTOFINISH_DATA_DIR = path.join(fx.dir, '..', 'data');
    const frames = path.join(fx.dir, '..', 'big-frames');
    await writeFrames(frames, { width: 64, height: 48, frames: 300 });
    await mkdir(path.join(vol.dir, 'x'));
    // Room for the folders and a little, not for the composite and tiles.
    const filler = await fill(vol.dir, 4);
    const out = path.join(vol.dir, 'x', 'heat.race');
    const r = await runCli(['build', frames, '--out', out, '--fps', '100']);
    expect(r.code).toBe(2);
    expect(errorLine(r.err)).toMatch(new RegExp(`^photofinish build: ${escapeRegExp(out)}: the disk is full; free some space on it and try again$`));
    expect(await readdir(path.join(vol.dir, 'x'))).toEqual(['filler.bin']);
    await rm(filler);
  });

  it('read-only commands work when the data folder cannot be written (it is a file)', async () => {
    fx = await makeRaceFixture();
    const notAFolder = path.join(fx.dir, '..', 'data-is-a-file');
    await writeFile(notAFolder, 'x');
    process.env.PHOTOFINISH_DATA_DIR = notAFolder;
    const results = await runCli(['results', fx.dir]);
    expect(results.err).toBe('');
    expect(results.code).toBe(0);
    expect((await runCli(['info', fx.dir])).code).toBe(0);
    expect((await runCli(['verify', fx.dir])).out).toBe('intact');
  });
});
