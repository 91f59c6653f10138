/**
 * Which keys the workspace takes: none typed into a text field, not the keys that move a focused slider or tick a
 * checkbox (letters still work there); and the menu's Undo undoes the typing, not the race, in a text field.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyBelongsToControl } from '../../../../renderer/src/actions/keyboard.js';
import { runMenuAction } from '../../../../renderer/src/actions/menu-events.js';
import { showRace } from '../../../../renderer/src/session/race.js';
import { initialSession, session } from '../../../../renderer/src/session/state.js';
import { columnTimes, raceView } from '../fakes/race-view.js';

const el = (tagName: string, type = '') => ({ tagName, type, isContentEditable: false }) as unknown as HTMLElement;

describe('keys that belong to the focused control', () => {
  it('are every key in a text field, and the moving keys of sliders, checkboxes and buttons', () => {
    expect(keyBelongsToControl(el('INPUT', 'text'), 'a')).toBe(true);
    expect(keyBelongsToControl(el('TEXTAREA'), '?')).toBe(true);
    expect(keyBelongsToControl(el('INPUT', 'range'), 'ArrowLeft')).toBe(true);
    expect(keyBelongsToControl(el('INPUT', 'range'), 'i')).toBe(false);
    expect(keyBelongsToControl(el('INPUT', 'checkbox'), ' ')).toBe(true);
    expect(keyBelongsToControl(el('BUTTON'), 'Enter')).toBe(true);
    expect(keyBelongsToControl(el('BUTTON'), 's')).toBe(false);
    expect(keyBelongsToControl(el('DIV'), 'ArrowLeft')).toBe(false);
    expect(keyBelongsToControl(null, 'a')).toBe(false);
  });
});

describe('the desktop menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('undoes the typing in a focused text field instead of the race', () => {
    const execCommand = vi.fn();
    vi.stubGlobal('document', { activeElement: el('INPUT', 'text'), execCommand });
    session.set(initialSession());
    showRace(raceView(), columnTimes());
    runMenuAction('undo');
    expect(execCommand).toHaveBeenCalledWith('undo');
  });

  it('runs other items as their keys do', () => {
    vi.stubGlobal('document', { activeElement: el('BODY'), execCommand: vi.fn() });
    session.set(initialSession());
    runMenuAction('shortcuts');
    expect(session.get().dialog.open).toBe('help');
  });
});
