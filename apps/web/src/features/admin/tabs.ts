import { ADMIN_TEXTS } from './texts.ts';

export const ADMIN_TAB_IDS = ['overview', 'users', 'matches', 'cases', 'content', 'seasons', 'shop', 'audit'] as const;
export type AdminTabId = (typeof ADMIN_TAB_IDS)[number];
export const DEFAULT_ADMIN_TAB: AdminTabId = 'overview';

export const ADMIN_TAB_LABELS: Record<AdminTabId, string> = ADMIN_TEXTS.tabs;

/** The tab named in ?tab=…, else the overview. */
export function parseAdminTab(value: string | null): AdminTabId {
  return (ADMIN_TAB_IDS as readonly string[]).includes(value ?? '') ? (value as AdminTabId) : DEFAULT_ADMIN_TAB;
}
