import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePaths: ['/footage/heat-3'] })),
}));
vi.mock('electron', () => ({ Menu: {}, dialog: { showOpenDialog: electron.showOpenDialog } }));

const { buildMenuTemplate } = await import('../../../app/electron/menu.js');
const { dialogOptionsFor } = await import('../../../app/electron/dialog-options.js');
const { startupFromArgv } = await import('../../../app/electron/startup-args.js');
const { createNativeDialogs } = await import('../../../app/electron/dialogs.js');

function items(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const menu = template.find((m) => m.label?.replace('&', '') === label);
  if (!menu) throw new Error(`no ${label} menu`);
  return menu.submenu as MenuItemConstructorOptions[];
}
const click = (item: MenuItemConstructorOptions | undefined) => (item!.click as () => void)();

describe('native menu', () => {
  const emitted: unknown[] = [];
  let logFolderOpened = 0;
  const template = buildMenuTemplate({
    appName: 'Photofinish',
    isMac: false,
    devTools: false,
    recent: [{ path: '/races/heat-1', name: 'Heat 1', openedAt: '2026-12-01T10:00:00Z' }],
    emit: (e) => emitted.push(e),
    openLogFolder: () => void logFolderOpened++,
  });

  it('has File, Edit, View and Help with the actions officials need', () => {
    expect(template.map((m) => m.label?.replace('&', ''))).toEqual(['File', 'Edit', 'View', 'Help']);
    const labels = (menu: string) => items(template, menu).map((i) => i.label ?? i.role);
    expect(labels('File')).toEqual(expect.arrayContaining(['Open frames…', 'Open video…', 'Open race…', 'Open Recent', 'Export…']));
    expect(labels('Edit')).toEqual(expect.arrayContaining(['Undo', 'Redo']));
    expect(labels('View')).toEqual(expect.arrayContaining(['Zoom in', 'Zoom out', 'Fit the whole race']));
    expect(labels('Help').filter(Boolean)).toEqual(['Keyboard shortcuts', 'Open log folder', 'About Photofinish']);
    expect(labels('View')).not.toContain('toggleDevTools');
  });

  it('takes its accelerators from the action registry (the same keys the help overlay lists)', () => {
    const accelerator = (menu: string, label: string) => items(template, menu).find((i) => i.label === label)?.accelerator;
    expect(accelerator('Edit', 'Undo')).toBe('CmdOrCtrl+Z');
    expect(accelerator('Edit', 'Redo')).toBe('Ctrl+Y');
    expect(accelerator('File', 'Open race…')).toBe('CmdOrCtrl+O');
    expect(accelerator('Help', 'Keyboard shortcuts')).toBe('F1');
    const mac = buildMenuTemplate({ appName: 'Photofinish', isMac: true, devTools: false, recent: [], emit: () => {}, openLogFolder: () => {} });
    expect(items(mac, 'Edit').find((i) => i.label === 'Redo')?.accelerator).toBe('Shift+Cmd+Z');
  });

  it('sends each action to the renderer as a menu event', () => {
    const file = items(template, 'File');
    click(file.find((i) => i.label === 'Open video…'));
    click((file.find((i) => i.label === 'Open Recent')!.submenu as MenuItemConstructorOptions[])[0]);
    click(items(template, 'Edit').find((i) => i.label === 'Undo'));
    click(items(template, 'View').find((i) => i.label === 'Zoom in'));
    click(items(template, 'Help').find((i) => i.label === 'Keyboard shortcuts'));
    expect(emitted).toEqual([
      { type: 'menu', action: 'open-video' },
      { type: 'menu', action: 'open-recent', path: '/races/heat-1' },
      { type: 'menu', action: 'undo' },
      { type: 'menu', action: 'zoom-in' },
      { type: 'menu', action: 'shortcuts' },
    ]);
  });

  it('opens the log folder from Help (in the main process, not through the renderer)', () => {
    click(items(template, 'Help').find((i) => i.label === 'Open log folder'));
    expect(logFolderOpened).toBe(1);
  });

  it('has the application menu on macOS, and developer tools only when asked', () => {
    const mac = buildMenuTemplate({ appName: 'Photofinish', isMac: true, devTools: true, recent: [], emit: () => {}, openLogFolder: () => {} });
    expect(mac[0]!.label).toBe('Photofinish');
    expect(items(mac, 'View').map((i) => i.role)).toContain('toggleDevTools');
    expect((items(mac, 'File').find((i) => i.label === 'Open Recent')!.submenu as MenuItemConstructorOptions[])[0]).toMatchObject({ enabled: false });
  });
});

describe('native dialogs', () => {
  it('asks for folders for frames, races and export folders, and files with filters otherwise', () => {
    expect(dialogOptionsFor('frames').properties).toEqual(['openDirectory']);
    expect(dialogOptionsFor('race').properties).toEqual(['openDirectory']);
    expect(dialogOptionsFor('export-folder').properties).toContain('createDirectory');
    expect(dialogOptionsFor('video').filters![0]!.extensions).toContain('mp4');
    expect(dialogOptionsFor('start-list').filters![0]!.extensions).toEqual(expect.arrayContaining(['evt', 'ppl']));
    expect(dialogOptionsFor('video', 'Pick the clip').title).toBe('Pick the clip');
  });

  it('shows the dialog modal to the app window and returns the chosen path, or null when cancelled', async () => {
    const win = { isDestroyed: () => false };
    const dialogs = createNativeDialogs(() => win as never);
    expect(await dialogs.pick('frames')).toBe('/footage/heat-3');
    expect(electron.showOpenDialog).toHaveBeenLastCalledWith(win, expect.objectContaining({ properties: ['openDirectory'] }));
    electron.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await dialogs.pick('video')).toBeNull();
    expect(await createNativeDialogs(() => null).pick('race')).toBe('/footage/heat-3');
    expect(electron.showOpenDialog).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Open race folder' }));
  });
});

describe('startup race', () => {
  it('opens the demo race unless a race folder is on the command line', () => {
    expect(startupFromArgv(['/usr/bin/electron', '.'], false)).toEqual({ kind: 'demo' });
    expect(startupFromArgv(['/opt/Photofinish/photofinish', '--no-sandbox'], true)).toEqual({ kind: 'demo' });
    expect(startupFromArgv(['/opt/Photofinish/photofinish', 'heat-1'], true, '/races')).toEqual({ kind: 'race', path: path.resolve('/races', 'heat-1') });
    expect(startupFromArgv(['/usr/bin/electron', '/repo', '--inspect', '/races/final'], false)).toEqual({ kind: 'race', path: path.resolve('/races/final') });
  });
});
