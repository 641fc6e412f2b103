import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false while the page is rendered on the server and while the browser takes the server's page over (hydration),
 * true afterwards and in every render the browser does itself. For parts only the browser can draw (a canvas chart):
 * the server and the hydration show their placeholder, so both agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
