/**
 * `photofinish` starts fast and never runs stale code: `--help` and `--version` load none of the heavy modules,
 * the bundle that `npm install` builds is used only while every source it was built from is unchanged (tsx runs
 * the sources otherwise), and the bundle behaves like the sources.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../../app/cli/commands/index.js';
import { packagesLoaded, writePackageHook } from '../../helpers/package-hook.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-cli-startup-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('the command registry', () => {
  it('lists every command with the summary its own file gives, loaded only on demand', async () => {
    for (const entry of commands) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary, entry.name).toBe(entry.summary);
    }
  });
});

describe('start-up from the sources', () => {
  it('loads no heavy package for --help and --version', async () => {
    const register = await writePackageHook(tmp);
    for (const args of [['--version'], ['--help'], ['help', 'export']]) {
      const r = await run(process.execPath, ['--import', register, path.join(repoRoot, 'bin/photofinish.mjs'), ...args], {
        env: { ...process.env, PHOTOFINISH_FROM_SOURCE: '1' },
      });
      const packages = packagesLoaded(r.stderr);
      for (const heavy of ['sharp', 'pdfkit', 'zod']) expect(packages.has(heavy), `${args.join(' ')} loaded ${heavy}`).toBe(false);
    }
  });
});

describe('bin/photofinish.mjs chooses the bundle only while it is fresh', () => {
  /** A stand-in checkout: the real bin, a "source" main and a "bundle" main that say which one ran. */
  async function fakeCheckout(): Promise<{ dir: string; source: string; info: string }> {
    const dir = await mkdtemp(path.join(tmp, 'checkout-'));
    await mkdir(path.join(dir, 'bin'));
    await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    await cp(path.join(repoRoot, 'bin/photofinish.mjs'), path.join(dir, 'bin/photofinish.mjs'));
    await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await mkdir(path.join(dir, 'app/cli'), { recursive: true });
    const source = path.join(dir, 'app/cli/main.ts');
    await writeFile(source, `export async function main(argv: string[]): Promise<number> { console.log('source', argv.join(' ')); return 0; }\n`);
    await mkdir(path.join(dir, 'dist/cli'), { recursive: true });
    await writeFile(path.join(dir, 'dist/cli/main.mjs'), `export async function main(argv) { console.log('bundle', argv.join(' ')); return 0; }\n`);
    const old = new Date(Date.now() - 60_000);
    await utimes(source, old, old);
    const info = path.join(dir, 'dist/cli/build-info.json');
    const { statSync } = await import('node:fs');
    await writeFile(info, JSON.stringify({ builtAt: new Date().toISOString(), sources: { 'app/cli/main.ts': statSync(source).mtimeMs } }));
    return { dir, source, info };
  }
  const cli = async (dir: string, env: Record<string, string> = {}) =>
    (await run(process.execPath, [path.join(dir, 'bin/photofinish.mjs'), 'info', 'x'], { env: { ...process.env, PHOTOFINISH_FROM_SOURCE: '', ...env } })).stdout.trim();

  it('runs the bundle when every source has the mtime it was built from', async () => {
    const { dir } = await fakeCheckout();
    expect(await cli(dir)).toBe('bundle info x');
    expect(await cli(dir, { PHOTOFINISH_FROM_SOURCE: '1' })).toBe('source info x');
  });

  it('runs the sources after a source file is edited (even to an older time) or when the bundle is missing', async () => {
    const edited = await fakeCheckout();
    await writeFile(edited.source, `export async function main(): Promise<number> { console.log('edited source'); return 0; }\n`);
    expect(await cli(edited.dir)).toBe('edited source');
    const older = new Date(Date.now() - 3_600_000);
    await utimes(edited.source, older, older);
    expect(await cli(edited.dir)).toBe('edited source');

    const unbuilt = await fakeCheckout();
    await rm(unbuilt.info);
    expect(await cli(unbuilt.dir)).toBe('source info x');
  });
});

describe('the bundle scripts/build-cli.mjs writes', () => {
  it('records the sources it read and answers like the sources', async () => {
    const outdir = path.join(tmp, 'bundle', 'cli');
    await run(process.execPath, [path.join(repoRoot, 'scripts/build-cli.mjs'), '--quiet', '--outdir', outdir]);
    const { readFile } = await import('node:fs/promises');
    const info = JSON.parse(await readFile(path.join(outdir, 'build-info.json'), 'utf8')) as { sources: Record<string, number> };
    expect(Object.keys(info.sources)).toContain('app/cli/main.ts');
    expect(Object.keys(info.sources)).toContain('app/exports/export-race.ts');

    const viaBundle = (args: string[]) =>
      run(process.execPath, ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(pathToFileURL(path.join(outdir, 'main.mjs')).href)}); process.exitCode = await main(${JSON.stringify(args)});`]);
    const viaSource = (args: string[]) => run(process.execPath, [path.join(repoRoot, 'bin/photofinish.mjs'), ...args], { env: { ...process.env, PHOTOFINISH_FROM_SOURCE: '1' } });
    for (const args of [['--version'], ['help', 'export']]) {
      expect((await viaBundle(args)).stdout, args.join(' ')).toBe((await viaSource(args)).stdout);
    }
  });
});
