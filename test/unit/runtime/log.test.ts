/**
 * The log: a forced unexpected error (a plain Error from a service method) reaches the user as one plain line and
 * the log file as a stack; the CLI's --verbose prints that stack on stderr; the file is size-capped with a few
 * generations.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// A failure nobody planned for, in a store function the CLI's verify command calls directly.
vi.mock('../../../app/store/verify-race.js', () => ({
  verifyRaceFolder: async () => {
    throw new Error('disk on fire');
  },
}));

const { startBridge } = await import('../../../app/bridge/server.js');
const { createService } = await import('../../../app/service/create-service.js');
const { closeLog, logFolder, openLog } = await import('../../../app/runtime/log.js');
const { RotatingFile } = await import('../../../app/runtime/rotating-file.js');
const { runCli } = await import('../../fixtures/cli-capture.js');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-log-'));
});
afterEach(() => {
  closeLog();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function logLines(dataDir: string): Promise<Record<string, any>[]> {
  const text = await readFile(path.join(logFolder(dataDir), 'photofinish.log'), 'utf8');
  return text.trim().split('\n').map((l) => JSON.parse(l));
}

describe('the log', () => {
  it('keeps the stack of an unexpected error behind the bridge; the HTTP answer is one plain line', async () => {
    const dataDir = path.join(tmp, 'bridge-data');
    const renderer = path.join(tmp, 'renderer');
    await mkdir(renderer, { recursive: true });
    await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>Photofinish</title>');
    openLog({ dataDir, face: 'serve' });
    const running = createService({ shell: 'browser', dataDir });
    running.service.listRecentRaces = async () => {
      throw new Error('recent-races index corrupted\nsecond line the user must not see');
    };
    const bridge = await startBridge({ running, rendererDir: renderer });
    try {
      const res = await fetch(`${bridge.origin}/api/listRecentRaces`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bridge.token}` },
        body: '{}',
      });
      expect(res.status).toBe(500);
      const body = (await res.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(body).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Internal error: recent-races index corrupted' } });
      // A refused request (no token) is logged too.
      expect((await fetch(`${bridge.origin}/api/listRecentRaces`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401);
    } finally {
      await bridge.close();
    }
    const lines = await logLines(dataDir);
    const failure = lines.find((l) => l.msg === 'unexpected error in bridge listRecentRaces');
    expect(failure).toMatchObject({ level: 50, face: 'serve', err: { message: expect.stringContaining('recent-races index corrupted') } });
    expect(failure!.err.stack).toMatch(/\n\s+at .*log\.test\.ts/);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'bridge refused a request without its token' }));
  });

  it('a UserError is the user’s to fix: not logged', async () => {
    const dataDir = path.join(tmp, 'user-error-data');
    openLog({ dataDir, face: 'serve' });
    const { dispatchCall } = await import('../../../app/api/dispatch.js');
    const { logUnexpected } = await import('../../../app/runtime/log.js');
    const running = createService({ shell: 'cli', dataDir });
    const outcome = await dispatchCall(running.service, 'openRace', { path: path.join(tmp, 'no-such-race') }, (e, m) => logUnexpected(e, m));
    expect(outcome.ok).toBe(false);
    await expect(readFile(path.join(logFolder(dataDir), 'photofinish.log'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('the CLI prints one line; with --verbose the stack goes to stderr as well as the log file', async () => {
    const dataDir = path.join(tmp, 'cli-data');
    vi.stubEnv('PHOTOFINISH_DATA_DIR', dataDir);
    vi.stubEnv('PHOTOFINISH_DEBUG', '');
    const race = path.join(tmp, 'race');
    await mkdir(race, { recursive: true });
    await writeFile(path.join(race, 'race.json'), '{}');
    const stderr: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr.push(String(chunk));
      return true;
    });

    const quiet = await runCli(['verify', race]);
    expect(quiet).toMatchObject({ code: 70, err: 'photofinish verify: Internal error: disk on fire' });
    expect(stderr.join('')).not.toMatch(/disk on fire/);

    const verbose = await runCli(['verify', race, '--verbose']);
    expect(verbose).toMatchObject({ code: 70, err: 'photofinish verify: Internal error: disk on fire' });
    expect(stderr.join('')).toMatch(/\[error\] unexpected error in photofinish verify\nError: disk on fire\n\s+at /);

    const logged = (await logLines(dataDir)).filter((l) => l.msg === 'unexpected error in photofinish verify');
    expect(logged).toHaveLength(2);
    expect(logged[0]!.err.stack).toMatch(/^Error: disk on fire\n\s+at /);
  });

  it('caps the file and keeps a few generations', async () => {
    const file = path.join(tmp, 'rot', 'photofinish.log');
    const rf = new RotatingFile({ file, maxBytes: 100, generations: 2 });
    for (let i = 0; i < 12; i++) rf.write(`${String(i).padStart(2, '0')} ${'x'.repeat(36)}\n`);
    rf.close();
    const read = (f: string) => readFile(f, 'utf8').then((t) => t.split('\n').filter(Boolean).map((l) => l.slice(0, 2)));
    expect(await read(file)).toEqual(['10', '11']);
    expect(await read(`${file}.1`)).toEqual(['08', '09']);
    expect(await read(`${file}.2`)).toEqual(['06', '07']);
    await expect(readFile(`${file}.3`)).rejects.toThrow(/ENOENT/);
  });
});

describe('warnings', () => {
  it('a recent-races list that cannot be saved is a warning in the log file, not a line on stderr the desktop app loses', async () => {
    const dataDir = path.join(tmp, 'warn-data');
    openLog({ dataDir, face: 'electron' });
    const { logWarning } = await import('../../../app/runtime/log.js');
    const stderr = vi.spyOn(process.stderr, 'write');
    logWarning('the list of recent races could not be saved in /data (disk full)', 'openRace');
    expect(stderr).not.toHaveBeenCalled();
    expect(await logLines(dataDir)).toContainEqual(
      expect.objectContaining({ level: 40, where: 'openRace', msg: 'the list of recent races could not be saved in /data (disk full)' }),
    );
  });
});
