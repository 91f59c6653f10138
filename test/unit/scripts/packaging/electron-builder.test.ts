/**
 * Packages the desktop app with the real electron-builder against a stand-in Electron distribution (no download,
 * no Electron binary needed) and checks the layout the packaged app depends on at runtime.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const supported = process.platform === 'linux' && process.arch === 'x64';
if (!supported) console.warn(`packaging layout test skipped: it packs for linux-x64 and this is ${process.platform}-${process.arch}`);

describe.skipIf(!supported)('electron-builder --dir against a stand-in Electron', () => {
  let tmp: string;
  let appOut: string;
  let log = '';

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-pack-'));
    await run(process.execPath, [path.join(repoRoot, 'scripts/build-app.mjs'), '--quiet'], { cwd: repoRoot });
    // What electron-builder copies from an Electron dist on Linux: the executable (renamed to the product's),
    // licences, version, resources/. No default_app.asar: its integrity would be hashed like any other asar.
    const dist = path.join(tmp, 'electron-dist');
    await mkdir(path.join(dist, 'resources'), { recursive: true });
    await mkdir(path.join(dist, 'locales'), { recursive: true });
    await writeFile(path.join(dist, 'electron'), '#!/bin/sh\necho stand-in electron\n');
    await chmod(path.join(dist, 'electron'), 0o755);
    await writeFile(path.join(dist, 'version'), '45.5.0');
    await writeFile(path.join(dist, 'LICENSE'), '');
    await writeFile(path.join(dist, 'LICENSES.chromium.html'), '');
    const out = path.join(tmp, 'release');
    const result = await run(
      path.join(repoRoot, 'node_modules/.bin/electron-builder'),
      ['--dir', '--linux', '--x64', `-c.electronDist=${dist}`, '-c.electronVersion=45.5.0', `-c.directories.output=${out}`],
      { cwd: repoRoot, env: { ...process.env, PHOTOFINISH_SKIP_FUSES: '1', CI: 'true' }, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
    );
    log = `${result.stdout}\n${result.stderr}`;
    appOut = path.join(out, 'linux-unpacked');
  }, 120_000);

  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('puts the app in resources/app.asar, with the bundled main and preload and without build-only packages', () => {
    const asarFile = path.join(appOut, 'resources', 'app.asar');
    expect(existsSync(asarFile), log).toBe(true);
    const asar = require('@electron/asar') as { listPackage(p: string): string[] };
    const files = asar.listPackage(asarFile).map((f) => f.replaceAll('\\', '/'));
    expect(files).toContain('/package.json');
    expect(files).toContain('/dist/app/electron/main.cjs');
    expect(files).toContain('/dist/app/electron/preload.cjs');
    expect(files.some((f) => f.startsWith('/node_modules/pdfkit/'))).toBe(true);
    expect(files.some((f) => f.startsWith('/node_modules/pino/'))).toBe(true);
    expect(files.some((f) => f.startsWith('/node_modules/fontkit/'))).toBe(true);
    // The result sheet embeds these fonts; app/exports/fonts.ts finds them by walking up from the bundle.
    if (existsSync(path.join(repoRoot, 'assets/fonts/DejaVuSans.ttf'))) expect(files).toContain('/assets/fonts/DejaVuSans.ttf');
    expect(files.some((f) => f.startsWith('/node_modules/tsx/') || f.startsWith('/node_modules/zod/'))).toBe(false);
    expect(files.some((f) => f.startsWith('/app/') || f.startsWith('/test/'))).toBe(false);
    expect(existsSync(path.join(appOut, 'photofinish'))).toBe(true);
    expect(log).toContain('PHOTOFINISH_SKIP_FUSES=1');
  });

  it('bundles a self-contained sandbox preload and a main that loads only Node, Electron, the native packages and the logger', () => {
    const preload = readFileSync(path.join(repoRoot, 'dist/app/electron/preload.cjs'), 'utf8');
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['electron']);
    expect(preload.length).toBeLessThan(20_000); // method names only, no zod schemas
    const main = readFileSync(path.join(repoRoot, 'dist/app/electron/main.cjs'), 'utf8');
    const required = new Set([...main.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
    expect(required).toContain('electron');
    // pino stays external (its transport loader resolves files at run time) and ships in the package's node_modules;
    // so does fontkit, which pdfkit loads too (one copy shapes the sheet's text in every script).
    for (const spec of required) expect(spec, `main.cjs requires ${spec}`).toMatch(/^(node:|electron$|sharp$|pdfkit$|fontkit$|pino$)/);
    expect(main).not.toMatch(/\bimport\.meta\b/);
    expect(main).toContain('"version":');
  });

  it('ships FFmpeg and FFprobe in resources/ffmpeg/, executable by every user, and both run', async () => {
    for (const tool of ['ffmpeg', 'ffprobe']) {
      const file = path.join(appOut, 'resources', 'ffmpeg', tool);
      expect(existsSync(file), `${file} missing\n${log}`).toBe(true);
      expect(statSync(file).mode & 0o555).toBe(0o555);
      const { stdout } = await run(file, ['-hide_banner', '-version']);
      expect(stdout).toMatch(new RegExp(`^${tool} version `));
    }
  });

  it("unpacks sharp's native addon next to libvips, where its rpath finds it", () => {
    const unpacked = path.join(appOut, 'resources', 'app.asar.unpacked', 'node_modules');
    const addonDir = path.join(unpacked, '@img', 'sharp-linux-x64', 'lib');
    const addons = existsSync(addonDir) ? readdirSync(addonDir).filter((f) => f.endsWith('.node')) : [];
    expect(addons, `no sharp .node in ${addonDir}\n${log}`).toHaveLength(1);
    // sharp's addon loads libvips through RUNPATH $ORIGIN/../../sharp-libvips-linux-x64/lib.
    const vipsDir = path.resolve(addonDir, '..', '..', 'sharp-libvips-linux-x64', 'lib');
    expect(readdirSync(vipsDir).some((f) => /^libvips-cpp\.so/.test(f))).toBe(true);
    expect(existsSync(path.join(unpacked, 'sharp', 'package.json'))).toBe(true);
  });

  it("the unpacked addon really loads, finding the bundled libvips (not a system one) beside it", async () => {
    const addonDir = path.join(appOut, 'resources', 'app.asar.unpacked', 'node_modules', '@img', 'sharp-linux-x64', 'lib');
    const addon = path.join(addonDir, readdirSync(addonDir).find((f) => f.endsWith('.node'))!);
    // The rest of sharp's JavaScript (detect-libc, semver) lives inside app.asar, which only Electron can read;
    // dlopen'ing the addon itself is what proves the native layout.
    const script = `const m = require(${JSON.stringify(addon)}); console.log(JSON.stringify(m.libvipsVersion()));`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: tmp, env: { ...process.env, LD_LIBRARY_PATH: '' } });
    const vips = JSON.parse(stdout) as { semver: string; isGlobal: boolean };
    expect(vips.semver).toMatch(/^\d+\.\d+\.\d+/);
    expect(vips.isGlobal).toBe(false);
  });
});

describe('packaging configuration', () => {
  const config = (require('js-yaml') as { load(t: string): any }).load(readFileSync(path.join(repoRoot, 'electron-builder.yml'), 'utf8'));

  it('names the app and targets every desktop platform, with sharp unpacked and no native rebuild', () => {
    expect(config.appId).toBe('org.photofinish.app');
    expect(config.productName).toBe('Photofinish');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/sharp/**', 'node_modules/@img/**']));
    expect(config.npmRebuild).toBe(false);
    expect(existsSync(path.join(repoRoot, config.linux.icon))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).main).toBe('dist/app/electron/main.cjs');
  });

  it('ships FFmpeg and FFprobe for every target from packages that carry the binaries (nothing downloaded at install)', () => {
    const expected = {
      linux: [['@ffmpeg-installer/linux-${arch}/ffmpeg', 'ffmpeg/ffmpeg'], ['@ffprobe-installer/linux-${arch}/ffprobe', 'ffmpeg/ffprobe']],
      win: [['@ffmpeg-installer/win32-${arch}/ffmpeg.exe', 'ffmpeg/ffmpeg.exe'], ['@ffprobe-installer/win32-${arch}/ffprobe.exe', 'ffmpeg/ffprobe.exe']],
      mac: [['@ffmpeg-installer/darwin-${arch}/ffmpeg', 'ffmpeg/ffmpeg'], ['@ffprobe-installer/darwin-${arch}/ffprobe', 'ffmpeg/ffprobe']],
    } as const;
    for (const [target, pairs] of Object.entries(expected)) {
      expect(config[target].extraResources).toEqual(pairs.map(([from, to]) => ({ from: `node_modules/${from}`, to })));
    }
    // The packages' own scripts only set the executable bit; a package that downloads (ffmpeg-static) is not used.
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; dependencies: Record<string, string> };
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain('ffmpeg-static');
    for (const meta of ['@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe']) expect(pkg.devDependencies[meta]).toBeDefined();
    if (process.platform === 'linux' && process.arch === 'x64') {
      for (const from of ['@ffmpeg-installer/linux-x64/ffmpeg', '@ffprobe-installer/linux-x64/ffprobe']) {
        const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', path.dirname(from), 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
        expect(Object.keys(manifest.scripts ?? {}).filter((k) => ['preinstall', 'install', 'postinstall'].includes(k)).map((k) => manifest.scripts?.[k])).toEqual([
          `chmod u+x ${path.basename(from)}`,
        ]);
        expect(statSync(path.join(repoRoot, 'node_modules', from)).size).toBeGreaterThan(10_000_000);
      }
    }
  });

  it('flips the hardening fuses in the afterPack hook', async () => {
    expect(config.afterPack).toBe('./scripts/packaging/after-pack.cjs');
    const hook = require(path.join(repoRoot, 'scripts/packaging/after-pack.cjs')) as { default(ctx: unknown): Promise<void> };
    const { FuseV1Options, FuseVersion } = require('@electron/fuses');
    const addElectronFuses = vi.fn(async () => {});
    const saved = process.env.PHOTOFINISH_SKIP_FUSES;
    delete process.env.PHOTOFINISH_SKIP_FUSES;
    try {
      await hook.default({ packager: { addElectronFuses }, electronPlatformName: 'linux', arch: 1, appOutDir: '/x' });
    } finally {
      if (saved !== undefined) process.env.PHOTOFINISH_SKIP_FUSES = saved;
    }
    expect(addElectronFuses).toHaveBeenCalledTimes(1);
    const fuses = (addElectronFuses.mock.calls[0] as unknown[])[1] as Record<string | number, unknown>;
    expect(fuses.version).toBe(FuseVersion.V1);
    expect(fuses[FuseV1Options.RunAsNode]).toBe(false);
    expect(fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(fuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(fuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(fuses[FuseV1Options.EnableCookieEncryption]).toBe(true);
  });
});
