import { useSyncExternalStore } from 'react';

/** A small choice remembered in localStorage (one of `values`), read by components with `use()`. */
export interface LocalSetting<T extends string> {
  get(): T;
  set(value: T): void;
  use(): T;
}

/**
 * A setting kept in localStorage under `key`. A missing or unknown stored value reads as `fallback`; a browser that
 * refuses storage keeps the choice for this page only. Other tabs' changes arrive through the storage event.
 */
export function createLocalSetting<T extends string>(key: string, values: readonly T[], fallback: T): LocalSetting<T> {
  const listeners = new Set<() => void>();
  let memory: T | null = null;
  const known = (raw: string | null): raw is T => raw !== null && (values as readonly string[]).includes(raw);

  const get = (): T => {
    try {
      const raw = localStorage.getItem(key);
      return known(raw) ? raw : fallback;
    } catch {
      return memory ?? fallback;
    }
  };
  const set = (value: T) => {
    memory = value;
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage refused (private mode, quota): the in-memory value answers until the page closes.
    }
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return { get, set, use: () => useSyncExternalStore(subscribe, get, get) };
}
