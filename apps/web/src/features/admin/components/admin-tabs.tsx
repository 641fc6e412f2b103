import { type KeyboardEvent, useRef } from 'react';
import { ADMIN_TAB_IDS, ADMIN_TAB_LABELS, type AdminTabId } from '../tabs.ts';
import { ADMIN_TEXTS as T } from '../texts.ts';

export const adminTabId = (id: AdminTabId) => `admin-tab-${id}`;
export const adminPanelId = (id: AdminTabId) => `admin-panel-${id}`;

/** The panel's tabs: a row that wraps on wide screens and scrolls sideways on phones; arrow keys move between them. */
export function AdminTabs({ current, onSelect }: { current: AdminTabId; onSelect: (id: AdminTabId) => void }) {
  const refs = useRef<Partial<Record<AdminTabId, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ADMIN_TAB_IDS.indexOf(current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: ADMIN_TAB_IDS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = ADMIN_TAB_IDS[(target + ADMIN_TAB_IDS.length) % ADMIN_TAB_IDS.length] as AdminTabId;
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="admin-tabs" role="tablist" aria-label={T.tabsLabel} onKeyDown={onKeyDown}>
      {ADMIN_TAB_IDS.map((id) => (
        <button
          key={id}
          ref={(el) => {
            refs.current[id] = el;
          }}
          type="button"
          role="tab"
          id={adminTabId(id)}
          aria-selected={current === id}
          aria-controls={adminPanelId(id)}
          tabIndex={current === id ? 0 : -1}
          className="admin-tabs__tab"
          onClick={() => onSelect(id)}
        >
          {ADMIN_TAB_LABELS[id]}
        </button>
      ))}
    </div>
  );
}
