/**
 * The action registry: one declaration per action (label, keys, menu accelerator), no key bound twice, each key
 * press reaching the action it names, and disabled actions neither running nor taking their keys from the page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTIONS, acceleratorOf, type ActionId } from '../../../../app/api/actions.js';
import type { KeyPress } from '../../../../renderer/src/actions/key-binding.js';
import { matches } from '../../../../renderer/src/actions/key-binding.js';
import { actionForKey, runAction } from '../../../../renderer/src/actions/registry.js';
import { showRace } from '../../../../renderer/src/session/race.js';
import { initialSession, session } from '../../../../renderer/src/session/state.js';
import { CERTIFIED, columnTimes, raceView } from '../fakes/race-view.js';

/** A key press as the browser reports it: 'Ctrl+Shift+Z' → key 'Z' with Ctrl and Shift held. */
function press(binding: string): KeyPress {
  const parts = binding === '+' ? ['+'] : binding.split(/\+(?!$)/);
  const key = parts[parts.length - 1] as string;
  const ctrl = parts.includes('Ctrl');
  const shift = parts.includes('Shift') || (!ctrl && key.length === 1 && key !== key.toLowerCase());
  return { key: ctrl && shift ? key.toUpperCase() : key, ctrlKey: ctrl, metaKey: false, shiftKey: shift, altKey: false };
}

beforeEach(() => {
  session.set(initialSession());
  showRace(raceView(), columnTimes());
});

describe('action declarations', () => {
  it('give every action a unique id and a label, and every grouped action a key', () => {
    const ids = ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of ACTIONS) {
      expect(a.label.trim(), a.id).not.toBe('');
      if ('group' in a) expect(a.keys.length, a.id).toBeGreaterThan(0);
    }
  });

  it('bind no key press to two actions of one screen', () => {
    const screenOf = (a: (typeof ACTIONS)[number]) => ('screen' in a ? a.screen : 'workspace');
    for (const a of ACTIONS) {
      for (const k of a.keys) {
        const claimants = ACTIONS.filter((b) => screenOf(b) === screenOf(a) && b.keys.some((bk) => matches(bk, press(k)))).map((b) => b.id);
        expect(claimants, `${k} (${a.id})`).toEqual([a.id]);
      }
    }
  });

  it('send F to the capture screen while recording, and to the workspace otherwise', () => {
    expect(actionForKey(press('f'), session.get())).toBe('fit');
    session.set((s) => ({ navigation: { ...s.navigation, screen: { kind: 'capture' } }, capture: { mode: 'idle' } }));
    expect(actionForKey(press('f'), session.get())).toBeNull();
    session.set({ capture: { mode: 'recording' } });
    expect(actionForKey(press('f'), session.get())).toBe('capture-mark');
  });

  it('give the desktop menu unique accelerators', () => {
    for (const isMac of [false, true]) {
      const accelerators = ACTIONS.map((a) => acceleratorOf(a.id, isMac)).filter(Boolean);
      expect(new Set(accelerators).size).toBe(accelerators.length);
    }
  });
});

describe('the key handler', () => {
  beforeEach(() => showRace(raceView({ canRedo: true }), columnTimes()));

  it.each([
    ['s', 'suggest-edges'],
    ['a', 'accept-suggestion'],
    ['v', 'inspect-frame'],
    ['Shift+D', 'declare-dead-heat'],
    ['Ctrl+z', 'undo'],
    ['Ctrl+Shift+Z', 'redo'],
    ['Ctrl+y', 'redo'],
    ['?', 'shortcuts'],
    ['ArrowLeft', 'nudge-left'],
    ['Shift+ArrowRight', 'nudge-right'],
    ['Ctrl+ArrowLeft', 'pan-left'],
    ['7', 'select-by-number'],
    ['Enter', 'place-mark'],
    ['Escape', 'deselect'],
    ['+', 'zoom-in'],
    ['Ctrl+o', 'open-race'],
  ] as const)('sends %s to %s', (key, id) => {
    const p = key === 'Shift+D' ? { ...press('D') } : press(key);
    expect(actionForKey(p, session.get())).toBe(id);
  });

  it('leaves keys it does not know, or held with Alt, to the page', () => {
    expect(actionForKey(press('d'), session.get())).toBeNull();
    expect(actionForKey(press('Ctrl+k'), session.get())).toBeNull();
    expect(actionForKey({ ...press('f'), altKey: true }, session.get())).toBeNull();
  });
});

describe('enabled actions', () => {
  it('run, and read the state they act on', () => {
    expect(runAction('select-next')).toBe(true);
    expect(session.get().selection.competitorId).toBe('5');
    runAction('select-previous');
    expect(session.get().selection.competitorId).toBe('024');
    runAction('invert');
    expect(session.get().picture.invert).toBe(true);
    expect(runAction('reset-picture')).toBe(true);
    expect(session.get().picture.invert).toBe(false);
  });

  it('do not run while disabled, and leave their keys to the page', () => {
    // Nothing to redo; the picture is not adjusted: the buttons are greyed and the keys do nothing.
    expect(actionForKey(press('Ctrl+Shift+Z'), session.get())).toBeNull();
    expect(runAction('reset-picture')).toBe(false);
    // A certified race: undo and certify are disabled, amend is not.
    showRace(raceView({ certified: CERTIFIED }), columnTimes());
    expect(actionForKey(press('Ctrl+z'), session.get())).toBeNull();
    expect(runAction('certify')).toBe(false);
    expect(session.get().dialog.open).toBeNull();
    expect(runAction('amend')).toBe(true);
    expect(session.get().dialog.open).toBe('amend');
  });

  it('outside the workspace, only the ones that apply everywhere', () => {
    session.set(initialSession());
    const enabled = ACTIONS.filter((a) => actionForKey(press(a.keys[0] ?? 'F24'), session.get()) === a.id).map((a) => a.id);
    expect(enabled.sort()).toEqual<ActionId[]>(['cycle-theme', 'open-race', 'shortcuts']);
    expect(runAction('select-next')).toBe(false);
    expect(runAction('shortcuts')).toBe(true);
    expect(session.get().dialog.open).toBe('help');
  });
});
