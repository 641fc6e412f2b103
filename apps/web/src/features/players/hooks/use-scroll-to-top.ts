import { useEffect } from 'react';
import { useNavigationType } from 'react-router';

/**
 * Starts a page at its top when it was opened by a link (the router keeps the previous page's scroll position, so a
 * match clicked far down a player page would open half-way down). Back and forward (POP) keep the browser's position.
 */
export function useScrollToTop(pageKey: string): void {
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page (pageKey), not on every navigation type
  useEffect(() => {
    if (navigationType !== 'PUSH') return;
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = 0;
  }, [pageKey]);
}
