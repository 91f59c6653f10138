import { describe, expect, it, vi } from 'vitest';

// Electron is mocked only at this boundary: a BrowserWindow that records its options.
const electron = vi.hoisted(() => {
  const created: { options: any; loaded: string[] }[] = [];
  class BrowserWindow {
    readonly webContents: any;
    constructor(options: any) {
      const record = { options, loaded: [] as string[] };
      created.push(record);
      this.webContents = fakeContents();
      this.loadURL = async (url: string) => void record.loaded.push(url);
    }
    loadURL: (url: string) => Promise<void>;
    once() {}
  }
  function fakeContents() {
    const listeners = new Map<string, (...a: any[]) => void>();
    return {
      listeners,
      openHandler: null as null | ((d: unknown) => unknown),
      on(name: string, fn: (...a: any[]) => void) {
        listeners.set(name, fn);
      },
      setWindowOpenHandler(fn: (d: unknown) => unknown) {
        this.openHandler = fn;
      },
    };
  }
  return { BrowserWindow, created, fakeContents };
});
vi.mock('electron', () => ({ BrowserWindow: electron.BrowserWindow }));

const { SECURE_WEB_PREFERENCES, createMainWindow, hardenSession, hardenWebContents, isAppUrl } = await import('../../../app/electron/window.js');

describe('the app window', () => {
  it('is created sandboxed, context-isolated, without Node, webviews or spellcheck', () => {
    createMainWindow({ preload: '/app/preload.cjs', url: 'app://photofinish/index.html' });
    const { options, loaded } = electron.created.at(-1)!;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      preload: '/app/preload.cjs',
    });
    expect(options.webPreferences).toMatchObject(SECURE_WEB_PREFERENCES);
    expect(options.webPreferences.devTools).toBe(false); // unless asked for (development runs)
    expect(loaded).toEqual(['app://photofinish/index.html']);
    expect(Object.isFrozen(SECURE_WEB_PREFERENCES)).toBe(true);
  });

  it('denies navigation away from app://photofinish, redirects, new windows and webviews', () => {
    const contents = electron.fakeContents();
    hardenWebContents(contents as never);
    const navigate = (name: string, ...args: unknown[]) => {
      const event = { preventDefault: vi.fn(), url: args[0] };
      contents.listeners.get(name)!(event, ...args);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate('will-navigate', 'app://photofinish.evil/index.html')).toBe(true);
    expect(navigate('will-navigate', 'app://photofinish/index.html')).toBe(false);
    expect(navigate('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-redirect', 'http://127.0.0.1:1/')).toBe(true);
    expect(navigate('will-attach-webview')).toBe(true);
    expect(contents.openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'app://photofinish/index.html' })).toEqual({ action: 'deny' });
    expect(isAppUrl('APP://PHOTOFINISH/x')).toBe(true);
  });

  it('grants no permission and allows no downloads', () => {
    const handlers: Record<string, any> = {};
    const session = {
      setPermissionRequestHandler: (fn: unknown) => (handlers.request = fn),
      setPermissionCheckHandler: (fn: unknown) => (handlers.check = fn),
      setDevicePermissionHandler: (fn: unknown) => (handlers.device = fn),
      setDisplayMediaRequestHandler: (fn: unknown) => (handlers.display = fn),
      on: (name: string, fn: unknown) => (handlers[name] = fn),
    };
    hardenSession(session as never);
    const page = { getURL: () => 'app://photofinish/index.html' };
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'pointerLock']) {
      const callback = vi.fn();
      handlers.request(page, permission, callback, { requestingUrl: 'app://photofinish/index.html' });
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect(handlers.check(page, permission, 'app://photofinish')).toBe(false);
    }
    // Copying results to the clipboard is the one thing allowed, and only to the app's own page.
    const ok = vi.fn();
    handlers.request(page, 'clipboard-sanitized-write', ok, { requestingUrl: 'app://photofinish/index.html' });
    expect(ok).toHaveBeenCalledWith(true);
    expect(handlers.check(page, 'clipboard-sanitized-write', 'app://photofinish')).toBe(true);
    const foreign = vi.fn();
    handlers.request(page, 'clipboard-sanitized-write', foreign, { requestingUrl: 'https://evil.example/' });
    expect(foreign).toHaveBeenCalledWith(false);
    expect(handlers.check(page, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    expect(handlers.device({})).toBe(false);
    const download = { preventDefault: vi.fn() };
    handlers['will-download'](download);
    expect(download.preventDefault).toHaveBeenCalled();
  });
});
