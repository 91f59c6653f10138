/** `photofinish serve` as a user runs it: a real process, the printed address, a real request, Ctrl+C / SIGTERM. */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-serve-'));
  await mkdir(path.join(tmp, 'renderer'));
  await writeFile(path.join(tmp, 'renderer', 'index.html'), '<!doctype html><title>Photofinish</title>');
  await mkdir(path.join(tmp, 'race'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

function startServe(args: string[], rendererDir = path.join(tmp, 'renderer')) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/photofinish.mjs'), 'serve', ...args], {
    cwd: tmp,
    env: { ...process.env, PHOTOFINISH_RENDERER_DIR: rendererDir, PHOTOFINISH_DATA_DIR: path.join(tmp, 'data') },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  url.catch(() => {}); // Awaited only by the tests that expect the server to start.
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

describe('photofinish serve', () => {
  it('prints the address with its token, serves the app on it, and stops cleanly on SIGTERM', async () => {
    const serve = startServe([path.join(tmp, 'race')]);
    const url = await serve.url;
    const { origin, hash } = new URL(url);
    const token = hash.replace('#token=', '');
    expect((await fetch(`${origin}/`)).status).toBe(200);
    const info = await fetch(`${origin}/api/getAppInfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(((await info.json()) as { value: unknown }).value).toMatchObject({ shell: 'browser', startup: { kind: 'race', path: path.join(tmp, 'race') } });
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    await expect(fetch(`${origin}/`)).rejects.toThrow();
  });

  it('says in one line to build the renderer when it is missing', async () => {
    const serve = startServe(['--demo'], path.join(tmp, 'no-renderer'));
    expect(await serve.exited).toBe(2);
    const lines = serve.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^photofinish serve: .*run npm run build:renderer$/);
  });

  it('refuses a race folder that does not exist', async () => {
    const serve = startServe([path.join(tmp, 'nowhere')]);
    expect(await serve.exited).toBe(2);
    expect(serve.output().stderr).toMatch(/race folder .*nowhere does not exist/);
  });
});
