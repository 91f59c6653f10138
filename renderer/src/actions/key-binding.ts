/**
 * Key bindings as app/api/actions.ts writes them ('a', 'D', 'Ctrl+Shift+Z', 'Shift+ArrowLeft'): whether a key
 * press matches one, and how the `?` overlay and tooltips show it.
 */

/** What a key press is made of (KeyboardEvent's fields). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

interface Binding {
  key: string;
  ctrl: boolean;
  shift: boolean;
}

function parse(binding: string): Binding {
  const parts = binding.split('+');
  // '+' itself is a key ("+", "Ctrl++"): the last part is empty then.
  const key = parts[parts.length - 1] === '' ? '+' : (parts[parts.length - 1] as string);
  const mods = parts.slice(0, parts[parts.length - 1] === '' ? -2 : -1);
  return { key, ctrl: mods.includes('Ctrl'), shift: mods.includes('Shift') };
}

/** A single character: Shift is part of it ('D', '?', '<'), so it is compared as typed. */
const isCharacter = (key: string) => key.length === 1;

export function matches(binding: string, press: KeyPress): boolean {
  const b = parse(binding);
  if (press.altKey || b.ctrl !== (press.ctrlKey || press.metaKey)) return false;
  // With Ctrl a letter's case follows Shift (Ctrl+Shift+Z reports 'Z'): compare letters ignoring case, Shift exactly.
  if (b.ctrl) return b.shift === press.shiftKey && b.key.toLowerCase() === press.key.toLowerCase();
  if (isCharacter(b.key)) return b.key === press.key;
  return b.shift === press.shiftKey && b.key === press.key;
}

const KEY_NAMES: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
  Escape: 'Esc',
  '-': '−',
};

/** How a binding reads: 'Shift + D', 'Ctrl + Shift + Z', '←', 'A'. */
export function formatBinding(binding: string): string {
  const b = parse(binding);
  const upperLetter = isCharacter(b.key) && b.key !== b.key.toLowerCase();
  const key = KEY_NAMES[b.key] ?? (isCharacter(b.key) ? b.key.toUpperCase() : b.key);
  return [...(b.ctrl ? ['Ctrl'] : []), ...(b.shift || (upperLetter && !b.ctrl) ? ['Shift'] : []), key].join(' + ');
}

/** An action's keys as the overlay lists them: '0–9' for the digits, otherwise each binding, ' / ' between. */
export function formatKeys(keys: readonly string[]): string {
  if (keys.length === 10 && keys.every((k, i) => k === String(i))) return '0–9';
  return keys.map(formatBinding).join(' / ');
}
