/**
 * The main process's wiring, with Electron mocked at this boundary only: the scheme is registered before ready,
 * a second instance quits, the window opens on app://photofinish with the preload, every API method is handled,
 * the menu is installed and the service starts on the demo race.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const state = {
    lock: true,
    ready: null as null | (() => void),
    order: [] as string[],
    handlers: new Map<string, (e: unknown, a: unknown) => Promise<unknown>>(),
    windows: [] as { options: any; url: string; contents: any }[],
    appEvents: new Map<string, (...a: any[]) => void>(),
    protocolHandlers: new Map<string, unknown>(),
    menus: 0,
    template: [] as any[],
    openedPaths: [] as string[],
    quit: 0,
  };
  const contentsFor = () => ({
    on() {},
    setWindowOpenHandler() {},
    isDestroyed: () => false,
    send() {},
    mainFrame: { url: 'app://photofinish/index.html', parent: null },
  });
  class BrowserWindow {
    webContents = contentsFor();
    private record: { options: any; url: string; contents: any };
    constructor(options: any) {
      this.record = { options, url: '', contents: this.webContents };
      state.windows.push(this.record);
    }
    async loadURL(url: string) {
      this.record.url = url;
    }
    once() {}
    on() {}
    isDestroyed() {
      return false;
    }
  }
  const mock = {
    app: {
      isPackaged: false,
      setName: () => state.order.push('setName'),
      enableSandbox: () => state.order.push('enableSandbox'),
      requestSingleInstanceLock: () => state.lock,
      quit: () => void state.quit++,
      on: (name: string, fn: (...a: any[]) => void) => void state.appEvents.set(name, fn),
      whenReady: () => new Promise<void>((resolve) => (state.ready = resolve)),
    },
    protocol: { registerSchemesAsPrivileged: (schemes: unknown) => state.order.push(`register:${JSON.stringify(schemes)}`) },
    session: {
      defaultSession: {
        protocol: { handle: (scheme: string, fn: unknown) => void state.protocolHandlers.set(scheme, fn) },
        setPermissionRequestHandler() {},
        setPermissionCheckHandler() {},
        setDevicePermissionHandler() {},
        setDisplayMediaRequestHandler() {},
        on() {},
      },
    },
    ipcMain: {
      handle: (channel: string, fn: (e: unknown, a: unknown) => Promise<unknown>) => void state.handlers.set(channel, fn),
      removeHandler: (channel: string) => state.handlers.delete(channel),
    },
    Menu: {
      buildFromTemplate: (t: unknown) => t,
      setApplicationMenu: (t: unknown) => {
        state.menus++;
        state.template = t as any[];
      },
    },
    shell: {
      openPath: async (p: string) => {
        state.openedPaths.push(p);
        return '';
      },
    },
    dialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
    safeStorage: { isEncryptionAvailable: () => false, encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    BrowserWindow,
  };
  return { state, mock };
});
vi.mock('electron', () => electron.mock);

let tmp: string;
const savedArgv = process.argv;
beforeEach(async () => {
  tmp ??= await mkdtemp(path.join(os.tmpdir(), 'pf-main-'));
  vi.stubEnv('PHOTOFINISH_DATA_DIR', tmp);
});
afterAll(async () => {
  process.argv = savedArgv;
  vi.unstubAllEnvs();
  await rm(tmp, { recursive: true, force: true });
});

describe('desktop main process', () => {
  it('starts one hardened window on the demo race with every API method handled', async () => {
    process.argv = ['/usr/bin/electron', '/repo'];
    const { apiMethodNames } = await import('../../../app/api/contract.js');
    const { apiChannel, APP_ENTRY_URL } = await import('../../../app/electron/channels.js');
    await import('../../../app/electron/main.js');
    const s = electron.state;
    expect(s.order[0]).toMatch(/^register:.*"scheme":"app".*"standard":true,"secure":true,"supportFetchAPI":true/);
    expect(s.order).toContain('enableSandbox');
    expect(s.windows).toHaveLength(0); // nothing before ready
    s.ready!();
    // The window opens after a few awaits (service, protocol, menu): on a loaded machine that is more than one tick.
    await vi.waitFor(() => expect(s.windows).toHaveLength(1), { timeout: 5000 });
    expect(s.protocolHandlers.has('app')).toBe(true);
    const win = s.windows[0]!;
    expect(win.url).toBe(APP_ENTRY_URL);
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(win.options.webPreferences.preload).toMatch(/preload\.cjs$/);
    expect(s.menus).toBeGreaterThan(0);
    expect(apiMethodNames.every((n) => s.handlers.has(apiChannel(n)))).toBe(true);
    const info = (await s.handlers.get(apiChannel('getAppInfo'))!({ sender: win.contents, senderFrame: win.contents.mainFrame }, {})) as {
      ok: boolean;
      value: { shell: string; nativeDialogs: boolean; startup: unknown };
    };
    expect(info).toMatchObject({ ok: true, value: { shell: 'electron', nativeDialogs: true, startup: { kind: 'demo' } } });
    expect(typeof s.appEvents.get('second-instance')).toBe('function');
  });

  it('logs a crashed renderer to the log file in the data folder, and Help opens that folder', async () => {
    const s = electron.state;
    s.appEvents.get('render-process-gone')!({}, { getURL: () => 'app://photofinish/index.html' }, { reason: 'oom', exitCode: 9 });
    const logFile = path.join(tmp, 'logs', 'photofinish.log');
    const lines = (await readFile(logFile, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'renderer process gone', reason: 'oom', exitCode: 9, face: 'electron' }));
    const help = s.template.find((m: any) => m.label === '&Help');
    help.submenu.find((i: any) => i.label === 'Open log folder').click();
    await vi.waitFor(() => expect(s.openedPaths).toEqual([path.join(tmp, 'logs')]), { timeout: 5000 });
  });

  it('quits at once when another instance already runs', async () => {
    vi.resetModules();
    electron.state.lock = false;
    electron.state.windows.length = 0;
    electron.state.ready = null;
    await import('../../../app/electron/main.js');
    expect(electron.state.quit).toBe(1);
    expect(electron.state.ready).toBeNull();
    expect(electron.state.windows).toHaveLength(0);
  });
});
