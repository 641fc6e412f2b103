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

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
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

  const tabRef = (id: Id) => (element: HTMLButtonElement | null) => {
    if (element) tabs.current.set(id, element);
    else tabs.current.delete(id);
  };

  return { onKeyDown, tabRef };
}
