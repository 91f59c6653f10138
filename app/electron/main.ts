/**
 * The desktop app's main process, kept thin: one instance, one hardened window on `app://photofinish`, the same
 * service every face uses (with native dialogs plugged in), the IPC transport and the native menu. It opens the
 * demo race unless a race folder is given on the command line.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, type BrowserWindow, session } from 'electron';
import { toApiError } from '../api/errors.js';
import { createService, type RunningService } from '../service/create-service.js';
import { defaultDataDir } from '../service/data-dir.js';
import { SOFTWARE } from '../runtime/version.js';
import { APP_ENTRY_URL } from './channels.js';
import { createNativeDialogs } from './dialogs.js';
import { registerIpc } from './ipc.js';
import { installAppMenu } from './menu.js';
import { installAppProtocol, registerAppScheme } from './protocol.js';
import { startupFromArgv } from './startup-args.js';
import { createMainWindow, hardenSession, hardenWebContents } from './window.js';

// Bundled layout (scripts/build-app.mjs): dist/app/electron/{main.cjs,preload.cjs}, renderer in dist/renderer.
const here = path.dirname(fileURLToPath(import.meta.url));
const RENDERER_DIR = path.resolve(here, '../../renderer');
const PRELOAD = path.join(here, 'preload.cjs');

registerAppScheme();
app.setName(SOFTWARE.name);
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let running: RunningService | null = null;

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

  app.on('second-instance', (_event, argv) => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
    const startup = startupFromArgv(argv, app.isPackaged);
    if (startup.kind === 'race') running?.context.emit({ type: 'menu', action: 'open-recent', path: startup.path });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession);
    const svc = createService({
      shell: 'electron',
      dataDir: defaultDataDir(),
      dialogs: createNativeDialogs(() => window),
      startup: startupFromArgv(process.argv, app.isPackaged),
    });
    running = svc;
    installAppProtocol(session.defaultSession, { rendererDir: RENDERER_DIR, races: svc.context.races });
    registerIpc({ running: svc, getWebContents: () => (window && !window.isDestroyed() ? window.webContents : null) });

    const refreshMenu = async () => {
      const recent = await svc.service.listRecentRaces({}).catch(() => []);
      installAppMenu({ appName: SOFTWARE.name, isMac: process.platform === 'darwin', devTools: !app.isPackaged, recent, emit: svc.context.emit });
    };
    await refreshMenu();
    // The recent list changes when races are opened; refreshing on focus and on changes keeps it current cheaply.
    svc.subscribe((event) => {
      if (event.type === 'race-changed' || event.type === 'job-finished') void refreshMenu();
    });

    const openWindow = () => {
      const win = createMainWindow({ preload: PRELOAD, url: APP_ENTRY_URL, title: SOFTWARE.name, devTools: !app.isPackaged });
      win.on('focus', () => void refreshMenu());
      win.on('closed', () => {
        if (window === win) window = null;
      });
      window = win;
    };
    openWindow();
    // macOS: clicking the dock icon with no window open opens one again.
    app.on('activate', () => {
      if (!window) openWindow();
    });
  }).catch((err: unknown) => {
    // Nothing else could show it: no window exists yet. One line, as everywhere else.
    dialog.showErrorBox(`${SOFTWARE.name} could not start`, toApiError(err).message);
    app.exit(1);
  });
}
