/** How bindings match key presses and how the `?` overlay writes them. */
import { describe, expect, it } from 'vitest';
import { formatBinding, formatKeys, matches } from '../../../../renderer/src/actions/key-binding.js';

const key = (k: string, mods: { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean } = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('key bindings', () => {
  it('take a single character as typed (Shift is part of it), other keys with exactly their modifiers', () => {
    expect(matches('D', key('D', { shift: true }))).toBe(true);
    expect(matches('D', key('d'))).toBe(false);
    expect(matches('<', key('<', { shift: true }))).toBe(true);
    expect(matches('ArrowLeft', key('ArrowLeft', { shift: true }))).toBe(false);
    expect(matches('Shift+ArrowLeft', key('ArrowLeft', { shift: true }))).toBe(true);
  });

  it('treat Cmd as Ctrl, and a Ctrl letter in either case with Shift exactly as written', () => {
    expect(matches('Ctrl+Z', key('z', { meta: true }))).toBe(true);
    expect(matches('Ctrl+Z', key('Z', { ctrl: true, shift: true }))).toBe(false);
    expect(matches('Ctrl+Shift+Z', key('Z', { ctrl: true, shift: true }))).toBe(true);
    expect(matches('z', key('z', { ctrl: true }))).toBe(false);
    expect(matches('+', key('+', { shift: true }))).toBe(true);
  });

  it('read as the help overlay lists them', () => {
    expect(formatBinding('D')).toBe('Shift + D');
    expect(formatBinding('a')).toBe('A');
    expect(formatBinding('Ctrl+Shift+Z')).toBe('Ctrl + Shift + Z');
    expect(formatBinding('Shift+ArrowLeft')).toBe('Shift + ←');
    expect(formatKeys(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])).toBe('0–9');
    expect(formatKeys(['-', '_'])).toBe('− / _');
    expect(formatKeys(['?'])).toBe('?');
  });
});
