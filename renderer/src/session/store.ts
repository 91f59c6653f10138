/**
 * A tiny external store (one per concern) read by components through useSyncExternalStore. Components subscribe
 * to the part they show (a selector), so a change elsewhere in the state does not render them again.
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: Partial<T> | ((prev: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      const patch = typeof next === 'function' ? next(state) : next;
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Calls `onChange` only when the part of the state `select` picks changes (by identity). */
export function subscribeTo<T, S>(store: Store<T>, select: (state: T) => S, onChange: () => void): () => void {
  let last = select(store.get());
  return store.subscribe(() => {
    const next = select(store.get());
    if (Object.is(next, last)) return;
    last = next;
    onChange();
  });
}

const whole = <T,>(state: T): T => state;

/**
 * The part of a store's state `select` picks, re-rendering only when it changes. `select` must return a part of
 * the state or a primitive, never a new object or array (that would differ on every call); declare selectors once,
 * outside components, so the subscription is made once.
 */
export function useStore<T, S = T>(store: Store<T>, select: (state: T) => S = whole as (state: T) => S): S {
  const subscribe = useCallback((onChange: () => void) => subscribeTo(store, select, onChange), [store, select]);
  const snapshot = () => select(store.get());
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
