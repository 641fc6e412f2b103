import { type KeyboardEvent, useRef } from 'react';

/**
 * The keyboard of a tab list (WAI-ARIA tabs, automatic activation): the arrow keys select the previous or next tab
 * (round the ends) and move the focus to it, Home and End the first and last. `vertical` adds the up and down arrows
 * (the top page's tabs stand in a column on wide screens). Give the list `onKeyDown` and each tab `ref={tabRef(id)}`.
 */
export function useTabKeys<Id extends string>(
  ids: readonly Id[],
  current: Id,
  onSelect: (id: Id) => void,
  { vertical = false }: { vertical?: boolean } = {},
) {
  const tabs = useRef(new Map<Id, HTMLButtonElement>());
  const refs = useRef(new Map<Id, (element: HTMLButtonElement | null) => void>());

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Alt+← is the browser's Back, Ctrl/⌘ with an arrow the system's own: not a tab move.
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = ids.indexOf(current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      ...(vertical && { ArrowDown: index + 1, ArrowUp: index - 1 }),
      Home: 0,
      End: ids.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = ids[(target + ids.length) % ids.length] as Id;
    onSelect(next);
    tabs.current.get(next)?.focus();
  };

  /** The same callback for a tab at every render (a new one would detach and attach the tab's ref each time). */
  const tabRef = (id: Id) => {
    let ref = refs.current.get(id);
    if (!ref) {
      ref = (element) => {
        if (element) tabs.current.set(id, element);
        else tabs.current.delete(id);
      };
      refs.current.set(id, ref);
    }
    return ref;
  };

  return { onKeyDown, tabRef };
}
