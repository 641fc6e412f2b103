import { useTabKeys } from '../../../lib/use-tab-keys.ts';
import { APP_TEXTS } from '../../texts.ts';
import { TAB_IDS, TAB_LABELS, type TabId } from './tabs.ts';

const ICONS: Record<TabId, string> = {
  rules: 'M6 4h9l3 3v13H6z M9 10h6 M9 14h6 M9 18h4',
  mypage: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c0-4 4-6 8-6s8 2 8 6',
  match: 'M4 20L14 10 M10 4l10 10 M4 4l6 6 M14 14l6 6 M17 4h3v3 M4 17v3h3',
  ranking: 'M8 21h8 M12 17v4 M7 4h10v5a5 5 0 0 1-10 0z M7 6H4a3 3 0 0 0 3 4 M17 6h3a3 3 0 0 1-3 4',
};

export const tabId = (id: TabId) => `tab-${id}`;
export const panelId = (id: TabId) => `panel-${id}`;

/** The four tabs: a side navigation on wide screens and a bottom bar on narrow ones (same element, CSS). */
export function TabNav({ current, onSelect }: { current: TabId; onSelect: (id: TabId) => void }) {
  const { onKeyDown, tabRef } = useTabKeys(TAB_IDS, current, onSelect, { vertical: true });

  return (
    <div className="tab-nav" role="tablist" aria-label={APP_TEXTS.tabs.label} onKeyDown={onKeyDown}>
      {TAB_IDS.map((id) => (
        <button
          key={id}
          ref={tabRef(id)}
          type="button"
          role="tab"
          id={tabId(id)}
          aria-selected={current === id}
          aria-controls={panelId(id)}
          tabIndex={current === id ? 0 : -1}
          className="tab-nav__tab"
          onClick={() => onSelect(id)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="tab-nav__icon">
            <path
              d={ICONS[id]}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="tab-nav__label">{TAB_LABELS[id]}</span>
        </button>
      ))}
    </div>
  );
}
