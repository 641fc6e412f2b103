import { useTabKeys } from '../../../lib/use-tab-keys.ts';
import { ADMIN_TAB_IDS, ADMIN_TAB_LABELS, type AdminTabId } from '../tabs.ts';
import { ADMIN_TEXTS as T } from '../texts.ts';

export const adminTabId = (id: AdminTabId) => `admin-tab-${id}`;
export const adminPanelId = (id: AdminTabId) => `admin-panel-${id}`;

/** The panel's tabs: a row that wraps on wide screens and scrolls sideways on phones; arrow keys move between them. */
export function AdminTabs({ current, onSelect }: { current: AdminTabId; onSelect: (id: AdminTabId) => void }) {
  const { onKeyDown, tabRef } = useTabKeys(ADMIN_TAB_IDS, current, onSelect);

  return (
    <div className="admin-tabs" role="tablist" aria-label={T.tabsLabel} onKeyDown={onKeyDown}>
      {ADMIN_TAB_IDS.map((id) => (
        <button
          key={id}
          ref={tabRef(id)}
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
