/** The tiny store: subscribers to a part of the state hear about changes to that part only. */
import { describe, expect, it } from 'vitest';
import { createStore, subscribeTo } from '../../../../renderer/src/session/store.js';

describe('store selector subscriptions', () => {
  it('notify when the selected part changes, and not when another part does', () => {
    const store = createStore({ notice: null as string | null, zoom: 1 });
    let heard = 0;
    const stop = subscribeTo(store, (s) => s.notice, () => heard++);
    store.set({ zoom: 2 });
    store.set({ zoom: 3 });
    expect(heard).toBe(0);
    store.set({ notice: 'Nothing to undo.' });
    store.set({ notice: 'Nothing to undo.' });
    expect(heard).toBe(1);
    stop();
    store.set({ notice: null });
    expect(heard).toBe(1);
  });
});
