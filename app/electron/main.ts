/**
 * The desktop app's main process, kept thin: one instance, one hardened window on `app://photofinish`, the same
 * service every face uses (with native dialogs plugged in), the IPC transport and the native menu. It opens the
 * demo race unless a race folder is given on the command line.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, safeStorage, type BrowserWindow, session, shell } from 'electron';
import { toApiError } from '../api/errors.js';
import { log, logFolder, logProcessCrashes, logUnexpected, openLog } from '../runtime/log.js';
import { createService, type RunningService } from '../service/create-service.js';
import { defaultDataDir } from '../service/data-dir.js';
import { SOFTWARE } from '../runtime/version.js';
import { APP_ENTRY_URL } from './channels.js';
import { createNativeDialogs } from './dialogs.js';
import { createDesktopFiles } from './desktop-files.js';
import { registerIpc } from './ipc.js';
import { safeStorageSealer } from './safe-storage-sealer.js';
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
const dataDir = defaultDataDir();
openLog({ dataDir, face: 'electron' });
logProcessCrashes();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let running: RunningService | null = null;

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  // A renderer that crashed, was killed or ran out of memory: the window goes blank, so the log must say why.
  app.on('render-process-gone', (_event, contents, details) => {
    log().error({ reason: details.reason, exitCode: details.exitCode, url: contents.getURL?.().slice(0, 200) }, 'renderer process gone');
  });

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
      dataDir,
      dialogs: createNativeDialogs(() => window),
      desktop: createDesktopFiles(),
      sealer: safeStorageSealer(safeStorage),
      startup: startupFromArgv(process.argv, app.isPackaged),
    });
    running = svc;
    installAppProtocol(session.defaultSession, { rendererDir: RENDERER_DIR, races: svc.context.races });
    registerIpc({ running: svc, getWebContents: () => (window && !window.isDestroyed() ? window.webContents : null) });

    const refreshMenu = async () => {
      const recent = await svc.service.listRecentRaces({}).catch((err: unknown) => {
        logUnexpected(err, 'recent races menu');
        return [];
      });
      installAppMenu({
        appName: SOFTWARE.name,
        isMac: process.platform === 'darwin',
        devTools: !app.isPackaged,
        recent,
        emit: svc.context.emit,
        openLogFolder: () => void openLogFolder(),
      });
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
    // Nothing else could show it: no window exists yet. One line, as everywhere else; the stack goes to the log.
    const shape = toApiError(err);
    if (shape.code === 'INTERNAL') logUnexpected(err, 'start-up');
    dialog.showErrorBox(`${SOFTWARE.name} could not start`, shape.message);
    app.exit(1);
  });
}

/** Help ▸ Open log folder. shell.openPath answers with an error text rather than throwing. */
async function openLogFolder(): Promise<void> {
  const folder = logFolder(dataDir);
  const problem = await shell.openPath(folder);
  if (problem) log().warn({ folder, problem }, 'could not open the log folder');
}
