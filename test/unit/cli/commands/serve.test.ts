/** `photofinish serve` as a user runs it: a real process, the printed address, a real request, Ctrl+C / SIGTERM. */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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

function startServe(args: string[], rendererDir = path.join(tmp, 'renderer'), extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/photofinish.mjs'), 'serve', ...args], {
    cwd: tmp,
    env: { ...process.env, PHOTOFINISH_RENDERER_DIR: rendererDir, PHOTOFINISH_DATA_DIR: path.join(tmp, 'data'), ...extraEnv },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#code=[A-Za-z0-9_-]+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  url.catch(() => {}); // Awaited only by the tests that expect the server to start.
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

/** What the page does with its address: trades the one-time code for the token (null when refused). */
async function trade(url: string): Promise<string | null> {
  const { origin, hash } = new URL(url);
  const res = await fetch(`${origin}/auth/launch`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: hash.replace('#code=', '') }) });
  return res.ok ? ((await res.json()) as { token: string }).token : null;
}

describe('photofinish serve', () => {
  it('prints the address with a one-time code, serves the app on it, and stops cleanly on SIGTERM', async () => {
    const serve = startServe([path.join(tmp, 'race')]);
    const url = await serve.url;
    const { origin } = new URL(url);
    const token = (await trade(url)) as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(serve.output().stdout).not.toContain(token);
    // The code opens once: the same address in a second browser is refused.
    expect(await trade(url)).toBeNull();
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

  it('--open hands the browser a code that is dead once the page has traded it: the process list reveals nothing usable', async () => {
    // A stand-in for xdg-open that records the command line it was given, as `ps` would show it.
    const bin = path.join(tmp, 'bin');
    await mkdir(bin, { recursive: true });
    const seen = path.join(tmp, 'opened.txt');
    await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${seen}'\n`);
    await chmod(path.join(bin, 'xdg-open'), 0o755);
    const serve = startServe(['--open'], path.join(tmp, 'renderer'), { PATH: `${bin}:${process.env.PATH ?? ''}` });
    const printed = await serve.url;
    let commandLine = '';
    for (let i = 0; i < 100 && !commandLine; i++) {
      commandLine = await readFile(seen, 'utf8').catch(() => '');
      if (!commandLine) await new Promise((r) => setTimeout(r, 50));
    }
    expect(commandLine).toBe(printed);
    expect(commandLine).not.toMatch(/token/);
    // The browser signs in with it once; anyone who read the command line afterwards gets nothing.
    expect(await trade(commandLine)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await trade(commandLine)).toBeNull();
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
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
