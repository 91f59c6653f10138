/** The official working at this screen: every change is signed with this name in the audit log. */
import { createStore } from './store.js';

const KEY = 'photofinish.official';

function load(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export const officialStore = createStore({ name: load() });

export function setOfficial(name: string): void {
  officialStore.set({ name });
  try {
    localStorage.setItem(KEY, name);
  } catch {
    // Storage may be unavailable (private mode); the name still holds for this session.
  }
}

/** The name to sign a change with, or null (the caller asks for it). */
export function officialName(): string | null {
  const n = officialStore.get().name.trim();
  return n.length > 0 ? n : null;
}
