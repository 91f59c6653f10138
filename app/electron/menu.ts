/**
 * The native application menu. Items that act on the race (open, export, undo, zoom, ...) do not act here: they
 * reach the renderer as `{ type: 'menu', action }` events naming an action of the registry (app/api/actions.ts,
 * which also gives their labels and accelerators), so the menu, keyboard shortcuts and buttons run the same
 * action. Text editing keeps the platform's own roles.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { acceleratorOf, actionSpec, type ActionId } from '../api/actions.js';
import type { ApiEvent } from '../api/events.js';
import type { RecentRace } from '../api/types.js';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  /** Shows the developer tools item (unpackaged runs only). */
  devTools: boolean;
  recent: readonly RecentRace[];
  emit(event: ApiEvent): void;
  /** Help ▸ Open log folder: shows the folder the app's log is written to (for a support request). */
  openLogFolder(): void;
}

export function buildMenuTemplate(opts: MenuOptions): MenuItemConstructorOptions[] {
  const send = (action: ActionId, extra: { path?: string } = {}) => () => opts.emit({ type: 'menu', action, ...extra });
  const item = (action: ActionId): MenuItemConstructorOptions => ({
    label: actionSpec(action).label,
    accelerator: acceleratorOf(action, opts.isMac),
    click: send(action),
  });
  const recent: MenuItemConstructorOptions[] = opts.recent.length
    ? opts.recent.slice(0, 10).map((r) => ({ label: r.name || r.path, toolTip: r.path, click: send('open-recent', { path: r.path }) }))
    : [{ label: 'No recent races', enabled: false }];

  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      item('open-frames'),
      item('open-video'),
      item('open-camera'),
      item('open-race'),
      { label: 'Open Recent', submenu: recent },
      { type: 'separator' },
      item('edit-event'),
      item('export'),
      ...(opts.isMac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      // Undo/Redo act on the race (marks, competitors); text fields keep their own undo through the renderer.
      item('undo'),
      item('redo'),
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
      item('zoom-in'),
      item('zoom-out'),
      item('fit'),
      item('close-up'),
      item('next-trigger'),
      item('previous-trigger'),
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(opts.devTools ? [{ type: 'separator' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };
  const help: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: [
      item('shortcuts'),
      { label: 'Open log folder', click: () => opts.openLogFolder() },
      { type: 'separator' },
      item('about'),
    ],
  };
  const macApp: MenuItemConstructorOptions = {
    label: opts.appName,
    submenu: [item('about'), { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
  };
  return [...(opts.isMac ? [macApp] : []), file, edit, view, ...(opts.isMac ? [{ role: 'windowMenu' } as const] : []), help];
}

export function installAppMenu(opts: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(opts)));
}
