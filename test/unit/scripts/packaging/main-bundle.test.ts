/**
 * Runs the built main-process bundle (dist/app/electron/main.cjs) in plain Node with a stand-in `electron` module:
 * proves the bundle itself (not just the sources) registers app:// before ready, finds its preload and renderer
 * next to it, serves the renderer with the CSP and handles every API method. No Electron binary needed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethodNames } from '../../../../app/api/contract.js';
import { CONTENT_SECURITY_POLICY } from '../../../../app/security/csp.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

// CommonJS stand-in for `electron`, installed by --require before the bundle loads; prints what happened as JSON.
const STUB = String.raw`
const Module = require('node:module');
const path = require('node:path');
const log = { order: [], windows: [], handlers: [], protocol: null, served: null, readyBeforeRegister: false };
let ready = false;
let resolveReady;
const whenReady = new Promise((r) => (resolveReady = r));
class BrowserWindow {
  constructor(options) {
    this.webContents = { on() {}, setWindowOpenHandler() {}, isDestroyed: () => false, send() {}, mainFrame: { url: 'app://photofinish/index.html', parent: null } };
    log.windows.push({ preload: options.webPreferences.preload, sandbox: options.webPreferences.sandbox, url: null });
  }
  loadURL(url) { log.windows[log.windows.length - 1].url = url; return Promise.resolve(); }
  once() {} on() {} isDestroyed() { return false; }
}
const session = { protocol: { handle(scheme, fn) { log.protocol = scheme; session.fn = fn; } },
  setPermissionRequestHandler() {}, setPermissionCheckHandler() {}, setDevicePermissionHandler() {}, setDisplayMediaRequestHandler() {}, on() {} };
const electron = {
  app: { isPackaged: false, setName() {}, enableSandbox() { log.order.push('enableSandbox'); }, requestSingleInstanceLock() { log.order.push('lock'); return true; },
    quit() {}, on() {}, whenReady: () => whenReady },
  protocol: { registerSchemesAsPrivileged(s) { if (ready) log.readyBeforeRegister = true; log.order.push('register:' + s[0].scheme); } },
  session: { defaultSession: session },
  ipcMain: { handle(ch) { log.handlers.push(ch); }, removeHandler() {} },
  Menu: { buildFromTemplate: (t) => t, setApplicationMenu() { log.order.push('menu'); } },
  dialog: {},
  BrowserWindow,
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { return request === 'electron' ? 'electron-stub' : resolve.call(this, request, ...rest); };
require.cache['electron-stub'] = { id: 'electron-stub', filename: 'electron-stub', loaded: true, exports: electron };
setImmediate(() => { ready = true; resolveReady(); });
// Report once the window is open (not after a fixed delay: a loaded machine starts slower).
const started = Date.now();
const report = async () => {
  if ((log.windows.length === 0 || !session.fn) && Date.now() - started < 15000) return void setTimeout(report, 20);
  const res = await session.fn(new Request('app://photofinish/index.html'));
  log.served = { status: res.status, csp: res.headers.get('content-security-policy'), body: (await res.text()).slice(0, 200) };
  console.log(JSON.stringify(log));
  process.exit(0);
};
setTimeout(report, 20);
`;

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-mainbundle-'));
  await run(process.execPath, [path.join(repoRoot, 'scripts/build-app.mjs'), '--quiet', '--outdir', path.join(tmp, 'dist')], { cwd: repoRoot });
  await mkdir(path.join(tmp, 'dist', 'renderer'));
  await writeFile(path.join(tmp, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Photofinish bundle check</title>');
  await writeFile(path.join(tmp, 'electron-stub.cjs'), STUB);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the built main-process bundle', () => {
  it('wires the desktop app up the same way the sources do', async () => {
    const main = path.join(tmp, 'dist', 'app', 'electron', 'main.cjs');
    const { stdout } = await run(process.execPath, ['--require', path.join(tmp, 'electron-stub.cjs'), main], {
      cwd: tmp,
      // The bundle sits in a temp dir here; its external packages (sharp, pdfkit) come from the repo's node_modules.
      env: { ...process.env, PHOTOFINISH_DATA_DIR: path.join(tmp, 'data'), NODE_PATH: path.join(repoRoot, 'node_modules') },
      timeout: 20_000,
    });
    const log = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(log.order.slice(0, 1)).toEqual(['register:app']);
    expect(log.readyBeforeRegister).toBe(false);
    expect(log.order).toContain('lock');
    expect(log.windows).toHaveLength(1);
    expect(log.windows[0].url).toBe('app://photofinish/index.html');
    expect(log.windows[0].sandbox).toBe(true);
    expect(log.windows[0].preload).toBe(path.join(tmp, 'dist', 'app', 'electron', 'preload.cjs'));
    expect(existsSync(log.windows[0].preload)).toBe(true);
    expect(log.handlers).toHaveLength(apiMethodNames.length);
    expect(log.protocol).toBe('app');
    expect(log.served).toEqual({ status: 200, csp: CONTENT_SECURITY_POLICY, body: '<!doctype html><title>Photofinish bundle check</title>' });
  });
});
