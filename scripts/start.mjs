#!/usr/bin/env node
// `npm start`: builds the renderer and the desktop app, then opens Photofinish (on the demo race, or on a race
// folder given after `--`: `npm start -- path/to/race`). Where the Electron binary was never downloaded
// (ELECTRON_SKIP_BINARY_DOWNLOAD, offline installs, CI) it says so in one line and opens the same app in the
// browser instead (`photofinish serve`, 127.0.0.1 only, per-run token), so the README's first command always works.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Electron executable, found the way the `electron` package finds it, but without requiring that package:
 * requiring it starts a download when the binary is missing, which is exactly the case handled here.
 */
function electronBinary() {
  const pkgDir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return existsSync(candidate) ? candidate : null;
  }
  if (!relative) return null;
  const candidate = path.join(pkgDir, 'dist', relative);
  return existsSync(candidate) ? candidate : null;
}

/**
 * `npm install` does not run electron's own download script (package.json `allowScripts` denies it, so that an
 * install never fails offline); the first `npm start` fetches the runtime instead, where the network allows.
 */
function fetchElectron() {
  // An override names a runtime that is already somewhere else; skipping means the user asked for no download.
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD || process.env.ELECTRON_OVERRIDE_DIST_PATH) return;
  const installer = path.join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return;
  console.log('Photofinish: fetching the Electron runtime (first start only)…');
  spawnSync(process.execPath, [installer], { cwd: path.dirname(installer), stdio: ['ignore', 'ignore', 'ignore'], timeout: 300_000 });
}

let binary = electronBinary();
if (!binary) {
  fetchElectron();
  binary = electronBinary();
}
// PHOTOFINISH_SKIP_BUILD=1 runs what was built last: the test of this script uses it, because rebuilding
// dist/renderer there would pull it from under the end-to-end tests running beside it.
function step(label, args) {
  if (process.env.PHOTOFINISH_SKIP_BUILD) return;
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Photofinish: ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}
if (process.env.PHOTOFINISH_SKIP_BUILD && !existsSync(path.join(root, 'dist', 'renderer', 'index.html'))) {
  // Said at once: without it the app would start and serve no page, and a caller would wait for one in vain.
  console.error('Photofinish: dist/renderer is not built and PHOTOFINISH_SKIP_BUILD is set: run npm run build:renderer first.');
  process.exit(1);
}
step('building the renderer', [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn']);

/** Runs the app's process in the foreground: Ctrl+C reaches it, and its exit status is this script's. */
function runInForeground(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (!binary) {
  console.error('Photofinish: the Electron runtime is not installed and could not be downloaded here; opening the same app in your browser.');
  const race = process.argv.slice(2).find((a) => !a.startsWith('-'));
  runInForeground(process.execPath, [path.join(root, 'bin', 'photofinish.mjs'), 'serve', ...(race ? [race] : ['--demo']), '--open']);
} else {
  step('building the desktop app', [path.join(root, 'scripts', 'build-app.mjs'), '--quiet']);
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  runInForeground(binary, [root, ...process.argv.slice(2)], env);
}
