/**
 * The one key handler: a key press runs the enabled action bound to it (app/api/actions.ts), unless the key
 * belongs to the focused control or a dialog is open (dialogs take their own keys).
 */
import { useEffect } from 'react';
import { session } from '../session/state.js';
import { actionForKey, runAction } from './registry.js';

const CONTROL_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', ' ', 'Enter']);

/**
 * Whether a key belongs to the focused control rather than to the workspace: everything typed into text fields,
 * and the keys that move a slider, checkbox or list. Letter shortcuts still work with a slider focused.
 */
export function keyBelongsToControl(target: EventTarget | null, key: string, typingNumber = false): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  const tag = el.tagName;
  // A control marked data-workspace-keys (the suggestion list) leaves digits and Enter to the workspace: typing a
  // number there pairs it with the chosen suggestion.
  if (el.dataset?.workspaceKeys !== undefined && (/^[0-9]$/.test(key) || key === 'Enter')) return false;
  // Enter that ends a typed competitor number is the number's, never the focused button's (it pressed "Accept").
  if (tag === 'BUTTON' && key === 'Enter' && typingNumber) return false;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return true;
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    if (type === 'range' || type === 'checkbox' || type === 'radio') return CONTROL_KEYS.has(key);
    return true;
  }
  if (tag === 'BUTTON') return key === ' ' || key === 'Enter';
  return false;
}

export function useActionKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (keyBelongsToControl(e.target, e.key, session.get().selection.typed !== '') || session.get().dialog.open) return;
      const id = actionForKey(e, session.get());
      if (!id) return;
      e.preventDefault();
      runAction(id, { key: e.key, shift: e.shiftKey });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
