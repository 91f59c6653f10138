/** Light and dark themes: follows the system unless the official picks one (remembered). */
import { createStore } from './store.js';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'photofinish.theme';

function load(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export const themeStore = createStore({ choice: load() });

export function applyTheme(): void {
  const { choice } = themeStore.get();
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function cycleTheme(): void {
  const order: ThemeChoice[] = ['system', 'light', 'dark'];
  const next = order[(order.indexOf(themeStore.get().choice) + 1) % order.length] as ThemeChoice;
  themeStore.set({ choice: next });
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // not remembered; still applied
  }
  applyTheme();
}
