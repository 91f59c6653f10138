/**
 * `photofinish info RACE --times | head`: the reader closes the pipe after the first lines. The command stops
 * quietly with status 0, as Unix tools do; it used to die with Node's "Unhandled 'error' event ... write EPIPE" stack.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cliPath = path.join(repoRoot, 'bin/photofinish.mjs');
let tmp = '';
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

function run(args: string[], opts: { closeAfterFirstChunk?: boolean } = {}): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PHOTOFINISH_DATA_DIR: path.join(tmp, 'data') } });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    if (opts.closeAfterFirstChunk) child.stdout.once('data', () => child.stdout.destroy());
    else child.stdout.resume();
    child.on('exit', (code) => resolve({ code, err }));
  });
}

describe('output into a pipe the reader closes early', () => {
  it('stops quietly with status 0, no stack trace', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-closed-pipe-'));
    // A native line-scan image of 30,000 lines: `info --times` prints one line per column, far more than a pipe holds.
    const image = path.join(tmp, 'long.png');
    await sharp({ create: { width: 30_000, height: 8, channels: 3, background: '#808080' } }).png().toFile(image);
    const race = path.join(tmp, 'long.race');
    expect((await run(['build', image, '--out', race, '--line-rate', '1000'])).code).toBe(0);
    const result = await run(['info', race, '--times'], { closeAfterFirstChunk: true });
    expect(result.err).not.toMatch(/EPIPE|Unhandled|at /);
    expect(result.code).toBe(0);
  }, 60_000);
});
