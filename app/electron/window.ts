/**
 * The one application window, locked down: the page is sandboxed, isolated from the preload, has no Node, cannot
 * navigate away from `app://photofinish`, open windows, embed webviews or be granted any permission but the camera
 * and clipboard writes (no microphone, notifications, clipboard read, ...). Every web contents the app ever creates
 * gets the same treatment.
 */
import { BrowserWindow, type Session, type WebContents, type WebPreferences } from 'electron';
import { APP_ORIGIN } from './channels.js';

/** Exported so a test can assert them; `preload` is added per window. */
export const SECURE_WEB_PREFERENCES = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
  navigateOnDragDrop: false,
  experimentalFeatures: false,
  enableWebSQL: false,
  safeDialogs: true,
} satisfies WebPreferences);

export interface MainWindowOptions {
  preload: string;
  url: string;
  title?: string;
  /** Developer tools: on in development, off in the packaged app (no console to tamper with a live session). */
  devTools?: boolean;
}

export function createMainWindow(opts: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    title: opts.title ?? 'Photofinish',
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#14161a',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: opts.preload, devTools: opts.devTools ?? false },
  });
  hardenWebContents(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.url);
  return win;
}

/** True for URLs inside the app's own origin (the only place the window may ever be). */
export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.toLowerCase().startsWith(`${APP_ORIGIN}/`);
}

/** Denies navigation elsewhere, redirects, new windows and webviews for one web contents. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/**
 * Permissions the app's own page may use: writing (sanitized) text to the clipboard, for "copy results", and the
 * camera (`media`, video only) for live capture. Nothing that reads the clipboard, records sound, locates or notifies.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'media']);

/** What Electron tells about a media request or check: the kinds of device asked for. */
interface MediaDetails {
  mediaTypes?: readonly string[];
  mediaType?: string;
}

/**
 * Cameras only: a request that includes the microphone is refused whole. A check (which grants nothing by itself,
 * but lets the page list the cameras by name) may say 'unknown'; never 'audio'.
 */
function videoOnly(details: MediaDetails | undefined): boolean {
  if (details?.mediaTypes) return details.mediaTypes.length > 0 && details.mediaTypes.every((t) => t === 'video');
  return details?.mediaType === 'video' || details?.mediaType === 'unknown';
}

function allowed(permission: string, origin: string | undefined, details?: MediaDetails): boolean {
  if (!ALLOWED_PERMISSIONS.has(permission) || origin === undefined || !isAppUrl(origin)) return false;
  return permission !== 'media' || videoOnly(details);
}

/** No other permission is ever granted: a compromised page must not gain any. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(allowed(permission, details.requestingUrl ?? contents?.getURL(), details as MediaDetails)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => allowed(permission, requestingOrigin, details as MediaDetails));
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  session.on('will-download', (event) => event.preventDefault());
}
