import { auditReplySchema } from '@rankmatch/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

export interface AuditFilters {
  /** The actor's user id. */
  actor: string;
  /** A prefix of the action ('user.' finds every user edit). */
  action: string;
  /** The target's id. */
  target: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', target: '' };

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit?actor=&action=&target=&limit=&before_id= → { entries, next_before_id } (newest first). */
export function getAudit(filters: AuditFilters, beforeId: number | null) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value.trim());
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (beforeId !== null) params.set('before_id', String(beforeId));
  return adminData(`/api/admin/audit?${params}`, { schema: auditReplySchema });
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [ADMIN_KEY, 'audit', filters],
    queryFn: ({ pageParam }) => getAudit(filters, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before_id,
    // Opening the tab always shows the latest operations.
    staleTime: 0,
  });

/** The log, newest first; fetchNextPage loads older entries ("もっと見る"). */
export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(auditQueryOptions(filters));
