import { APP_TEXTS } from '../../texts.ts';

export const TAB_IDS = ['rules', 'mypage', 'match', 'ranking'] as const;
export type TabId = (typeof TAB_IDS)[number];
export const DEFAULT_TAB: TabId = 'rules';

export const TAB_LABELS: Record<TabId, string> = APP_TEXTS.tabs;

/** The tab named in ?tab=…, else the rules tab. */
export function parseTab(value: string | null): TabId {
  return (TAB_IDS as readonly string[]).includes(value ?? '') ? (value as TabId) : DEFAULT_TAB;
}
