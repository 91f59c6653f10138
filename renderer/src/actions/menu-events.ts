/**
 * The desktop app's native menu: an item sends its action's id (app/electron/menu.ts), and it runs like its key.
 * Menu accelerators reach the menu before the page, so Undo and Redo chosen while a text field has focus undo
 * the typing, not the race.
 */
import type { ActionId } from '../../../app/api/actions.js';
import { keyBelongsToControl } from './keyboard.js';
import { runAction } from './registry.js';

export function runMenuAction(id: ActionId, path?: string): void {
  if ((id === 'undo' || id === 'redo') && keyBelongsToControl(document.activeElement, 'z')) {
    document.execCommand(id);
    return;
  }
  runAction(id, { key: '', shift: false, path });
}
