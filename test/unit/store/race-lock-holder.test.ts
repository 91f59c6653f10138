/**
 * Two stations, one race: the lock holds across processes (a second process waits for the first one's save), says
 * who holds it (name, host, pid), and a lock of another host is not taken over while it could still be a save.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeHolder, parseLockHolder, withRaceLock } from '../../../app/store/race-lock.js';

let dir: string;
let child: ChildProcess | null = null;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-lock-'));
});
afterEach(async () => {
  if (child && child.exitCode === null) child.kill();
  child = null;
  await fs.rm(dir, { recursive: true, force: true });
});

/** Another process holding the race's lock for `ms` through the same code; resolves once it holds it. */
async function holdInChild(ms: number): Promise<ChildProcess> {
  const script = `import { withRaceLock } from ${JSON.stringify(path.resolve('app/store/race-lock.ts'))};
await withRaceLock(${JSON.stringify(dir)}, async () => { process.stdout.write('held\\n'); await new Promise((r) => setTimeout(r, ${ms})); });`;
  const c = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    c.stdout?.on('data', (b: Buffer) => b.toString().includes('held') && resolve());
    c.on('exit', (code) => reject(new Error(`child ended (${code}) before holding the lock`)));
  });
  return c;
}

describe('the race lock across processes', () => {
  it('makes a second process wait for the first one and names the holder in race.lock', async () => {
    child = await holdInChild(700);
    const holder = parseLockHolder(await fs.readFile(path.join(dir, 'race.lock'), 'utf8'));
    expect(holder).toMatchObject({ pid: child.pid, host: os.hostname(), name: os.userInfo().username });
    const t0 = Date.now();
    const order: string[] = [];
    await withRaceLock(dir, async () => {
      order.push('second');
    });
    expect(order).toEqual(['second']);
    expect(Date.now() - t0).toBeGreaterThan(300); // it waited for the other process's save
  }, 20_000);

  it("refuses, naming who holds it, while another station's lock is fresh", async () => {
    await fs.writeFile(path.join(dir, 'race.lock'), JSON.stringify({ pid: 4242, host: 'station-2', name: 'A. Judge', since: new Date().toISOString() }));
    await expect(withRaceLock(dir, async () => 'never')).rejects.toThrow(`${dir}: the race is being changed by another Photofinish process, A. Judge on station-2 (pid 4242); try again`);
    // Far older than any save: a crashed station's lock, taken over.
    const old = new Date(Date.now() - 120_000);
    await fs.utimes(path.join(dir, 'race.lock'), old, old);
    expect(await withRaceLock(dir, async () => 'saved')).toBe('saved');
  }, 20_000);

  it('reads the bare-pid locks of earlier versions', () => {
    expect(parseLockHolder('1234')).toMatchObject({ pid: 1234, host: os.hostname() });
    expect(describeHolder({ pid: 7, host: 'h', name: '', since: '' })).toBe('h (pid 7)');
  });
});
