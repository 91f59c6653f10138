/** Open and Show in folder for exported files (the service's DesktopFiles), by Electron's shell. */
import { shell } from 'electron';
import type { DesktopFiles } from '../service/context.js';

export function createDesktopFiles(): DesktopFiles {
  return {
    // shell.openPath answers with an error text ('' when the file opened) rather than throwing.
    openPath: (file) => shell.openPath(file),
    showItemInFolder: (file) => shell.showItemInFolder(file),
  };
}
