/**
 * Raw system errors become one line naming the file or folder and what to do: the mapping itself, and the places
 * the issue found raw errors (an audit log that is a folder, a build into a read-only disk).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiError } from '../../../app/api/errors.js';
import { systemErrorToUserError } from '../../../app/domain/system-errors.js';
import { runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

const errno = (code: string, message: string, extra: { path?: string; syscall?: string } = {}) => Object.assign(new Error(message), { code, ...extra });

describe('systemErrorToUserError', () => {
  it('names the folder of a temporary name, the file otherwise, and says what to do', () => {
    const mk = errno('EROFS', "EROFS: read-only file system, mkdtemp '/media/card/.heat.race.building-XXXXXX'", { syscall: 'mkdtemp', path: '/media/card/.heat.race.building-XXXXXX' });
    expect(systemErrorToUserError(mk)?.message).toBe('/media/card: the disk is read-only; choose a folder on a writable disk');
    const acc = errno('EACCES', "EACCES: permission denied, mkdtemp '/srv/.x.race.building-XXXXXX'", { syscall: 'mkdtemp', path: '/srv/.x.race.building-XXXXXX' });
    expect(systemErrorToUserError(acc)?.message).toBe('/srv: permission denied; choose a folder you may write to, or ask for access');
    expect(systemErrorToUserError(errno('EISDIR', 'EISDIR: illegal operation on a directory, read', { syscall: 'read', path: '/r/audit.jsonl' }))?.message).toBe(
      '/r/audit.jsonl: is a folder where a file was expected',
    );
    // A write on an open file carries no path: the caller names the subject, or the line stands alone.
    const full = errno('ENOSPC', 'ENOSPC: no space left on device, write', { syscall: 'write' });
    expect(systemErrorToUserError(full, '/races/heat1.race')?.message).toBe('/races/heat1.race: the disk is full; free some space on it and try again');
    expect(toApiError(full)).toEqual({ code: 'USER_ERROR', message: 'The disk is full; free some space on it and try again' });
    expect(systemErrorToUserError(new Error('plain'))).toBeNull();
  });
});

describe('where raw errors were seen', () => {
  let tmp: string;
  let fx: RaceFixture;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-syserr-'));
    process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
    fx = await makeRaceFixture();
  });
  afterAll(async () => {
    await fx.cleanup();
    await rm(tmp, { recursive: true, force: true });
  });

  it('an audit.jsonl that is a folder: one line naming it and what to do', async () => {
    const log = path.join(fx.dir, 'audit.jsonl');
    await rm(log);
    await mkdir(log);
    for (const command of ['results', 'mark']) {
      const r = await runCli([command, fx.dir, ...(command === 'mark' ? ['--competitor', '1', '--column', '2'] : [])]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`photofinish ${command}: ${log}: the race's audit log is a folder, not a file; the race cannot be opened (restore audit.jsonl from a copy of the race)`);
    }
    const v = await runCli(['verify', fx.dir]);
    expect(v.code).toBe(1);
    expect(v.out).toContain("the race's audit log is a folder, not a file");
  });

  it('a build onto a read-only disk names the folder and says it is read-only', async (t) => {
    if (process.platform !== 'linux' || process.getuid?.() !== 0) return t.skip('needs root on Linux to mount a read-only tmpfs');
    const frames = path.join(tmp, 'frames');
    await writeFrames(frames, { width: 8, height: 6, frames: 3 });
    const ro = path.join(tmp, 'ro');
    await mkdir(ro);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', ro]);
    try {
      const r = await runCli(['build', frames, '--out', path.join(ro, 'heat.race'), '--fps', '25']);
      expect(r.code).toBe(2);
      expect(r.err.split('\n').at(-1)).toBe(`photofinish build: ${ro}: the disk is read-only; choose a folder on a writable disk`);
    } finally {
      execFileSync('umount', [ro]);
    }
  });
});
