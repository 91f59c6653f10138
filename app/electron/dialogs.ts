/** Native open dialogs for `pickPath`, attached to the app window so they are modal to it. */
import { dialog, type BrowserWindow } from 'electron';
import type { NativeDialogs } from '../service/context.js';
import { dialogOptionsFor } from './dialog-options.js';

export function createNativeDialogs(getWindow: () => BrowserWindow | null): NativeDialogs {
  return {
    async pick(purpose, title) {
      const options = dialogOptionsFor(purpose, title);
      const win = getWindow();
      const result = win && !win.isDestroyed() ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      if (result.canceled) return null;
      return result.filePaths[0] ?? null;
    },
  };
}
