// A mark in front of the document title (the tab's label) until the player comes back to the tab.

/** Whether the player is looking at this tab: it is visible and its window has the focus. */
export function pageHasFocus(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

let active: { prefix: string; stop: () => void } | null = null;

function strip(prefix: string): void {
  while (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
}

/**
 * Puts `prefix` in front of the title until the window gets the focus or the tab becomes visible again, then calls
 * `onClear`. Titles set meanwhile (a route change sets its own) get the prefix again, through a MutationObserver on
 * <head>. A second mark while one is shown replaces it.
 */
export function markTitleUntilFocus(prefix: string, onClear?: () => void): void {
  clearTitleMark();
  const apply = () => {
    if (!document.title.startsWith(prefix)) document.title = `${prefix}${document.title}`;
  };
  apply();
  const observer = typeof MutationObserver === 'function' ? new MutationObserver(apply) : null;
  observer?.observe(document.head, { childList: true, subtree: true, characterData: true });
  const onFocus = () => clearTitleMark();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') clearTitleMark();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisibility);
  active = {
    prefix,
    stop: () => {
      observer?.disconnect();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      onClear?.();
    },
  };
}

/** Removes the mark now (also what focusing the window does). */
export function clearTitleMark(): void {
  if (!active) return;
  const { prefix, stop } = active;
  active = null;
  stop();
  strip(prefix);
}
