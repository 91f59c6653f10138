/**
 * `npm start` where the Electron binary was never downloaded (offline machines like this one): one line saying so,
 * then the same app served to the browser on the demo race, and the browser opened at its address.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe.skipIf(process.platform !== 'linux')('npm start without the Electron binary', () => {
  it('run without a built renderer, says so at once instead of serving no page', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'pf-norenderer-'));
    try {
      // A copy of the script in a folder with no dist/: the same check as in a fresh checkout run alone.
      mkdirSync(path.join(empty, 'scripts'));
      copyFileSync(path.join(repoRoot, 'scripts/start.mjs'), path.join(empty, 'scripts/start.mjs'));
      const child = spawnSync(process.execPath, [path.join(empty, 'scripts/start.mjs')], {
        cwd: empty,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty, PHOTOFINISH_SKIP_BUILD: '1' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(child.status).toBe(1);
      expect(child.stderr.trim()).toBe('Photofinish: dist/renderer is not built and PHOTOFINISH_SKIP_BUILD is set: run npm run build:renderer first.');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });


  it('says so in one line, serves the demo race on 127.0.0.1 and opens the browser there', async () => {
    if (!existsSync(path.join(repoRoot, 'dist/renderer/index.html'))) throw new Error('dist/renderer is missing: run npm run build:renderer before this test (npm test does)');
    const empty = mkdtempSync(path.join(os.tmpdir(), 'pf-noelectron-'));
    // A stand-in for xdg-open records the address it was asked to open instead of launching a browser.
    const opened = path.join(empty, 'opened.txt');
    writeFileSync(path.join(empty, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(path.join(empty, 'xdg-open'), 0o755);
    // An Electron dist folder with no executable in it stands for "binary never downloaded".
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty, PATH: `${empty}:${process.env.PATH}`, PHOTOFINISH_DATA_DIR: path.join(empty, 'data'), PHOTOFINISH_SKIP_BUILD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address within 60 s; stdout: ${out} stderr: ${err}`)), 60_000);
        child.stdout.on('data', () => {
          const m = /running at (\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}; stderr: ${err}`)));
      });
      expect(err.trim().split('\n')[0]).toBe('Photofinish: the Electron runtime is not installed and could not be downloaded here; opening the same app in your browser.');
      expect(new URL(url).hostname).toBe('127.0.0.1');
      const page = await fetch(new URL('/', url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      await expect.poll(() => readFileSync(opened, 'utf8'), { timeout: 10_000 }).toBe(url);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(empty, { recursive: true, force: true });
    }
  }, 90_000);
});
