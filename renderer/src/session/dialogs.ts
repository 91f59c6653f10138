/** Dialog slice: which modal dialog is open (one at a time). */
import { setSlice, type Dialog, type SessionState } from './state.js';

export const selectDialog = (s: SessionState) => s.dialog.open;

export function openDialog(dialog: Dialog): void {
  setSlice('dialog', { open: dialog });
}

export function closeDialog(): void {
  setSlice('dialog', { open: null });
}
