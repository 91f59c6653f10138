/**
 * The native application menu. Items that act on the race (open, export, undo, zoom, ...) do not act here: they
 * reach the renderer as `{ type: 'menu', action }` events, so the menu, keyboard shortcuts and toolbar buttons all
 * go through the same code path in the workspace. Text editing keeps the platform's own roles.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { ApiEvent, MenuAction } from '../api/events.js';
import type { RecentRace } from '../api/types.js';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  /** Shows the developer tools item (unpackaged runs only). */
  devTools: boolean;
  recent: readonly RecentRace[];
  emit(event: ApiEvent): void;
  /** Help ▸ Open Log Folder: shows the folder the app's log is written to (for a support request). */
  openLogFolder(): void;
}

export function buildMenuTemplate(opts: MenuOptions): MenuItemConstructorOptions[] {
  const send = (action: MenuAction, extra: { path?: string } = {}) => () => opts.emit({ type: 'menu', action, ...extra });
  const recent: MenuItemConstructorOptions[] = opts.recent.length
    ? opts.recent.slice(0, 10).map((r) => ({ label: r.name || r.path, toolTip: r.path, click: send('open-recent', { path: r.path }) }))
    : [{ label: 'No recent races', enabled: false }];

  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Open Frames…', accelerator: 'CmdOrCtrl+Shift+O', click: send('open-frames') },
      { label: 'Open Video…', accelerator: 'CmdOrCtrl+Shift+V', click: send('open-video') },
      { label: 'Open Race…', accelerator: 'CmdOrCtrl+O', click: send('open-race') },
      { label: 'Open Recent', submenu: recent },
      { type: 'separator' },
      { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: send('export') },
      ...(opts.isMac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      // Undo/Redo act on the race (marks, competitors); text fields keep their own undo through the renderer.
      { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: send('undo') },
      { label: 'Redo', accelerator: opts.isMac ? 'Shift+Cmd+Z' : 'Ctrl+Y', click: send('redo') },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { label: 'Zoom In', accelerator: 'CmdOrCtrl+=', click: send('zoom-in') },
      { label: 'Zoom Out', accelerator: 'CmdOrCtrl+-', click: send('zoom-out') },
      { label: 'Actual Size', accelerator: 'CmdOrCtrl+0', click: send('zoom-reset') },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(opts.devTools ? [{ type: 'separator' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };
  const help: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Keyboard Shortcuts', accelerator: 'F1', click: send('shortcuts') },
      { label: 'Open Log Folder', click: () => opts.openLogFolder() },
      { type: 'separator' },
      { label: `About ${opts.appName}`, click: send('about') },
    ],
  };
  const macApp: MenuItemConstructorOptions = {
    label: opts.appName,
    submenu: [{ label: `About ${opts.appName}`, click: send('about') }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
  };
  return [...(opts.isMac ? [macApp] : []), file, edit, view, ...(opts.isMac ? [{ role: 'windowMenu' } as const] : []), help];
}

export function installAppMenu(opts: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(opts)));
}
