import { useSyncExternalStore } from 'react';

/** A tiny external store for module-level state that React components read with useSyncExternalStore. */
export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  use(): T;
}

export function createStore<T>(initial: () => T): Store<T> {
  let value: { current: T } | null = null;
  const listeners = new Set<() => void>();
  const get = () => {
    if (value === null) value = { current: initial() };
    return value.current;
  };
  const set = (next: T) => {
    value = { current: next };
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { get, set, subscribe, use: () => useSyncExternalStore(subscribe, get, get) };
}
