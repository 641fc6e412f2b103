import { adminMatchListSchema, type MatchStatus } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

export type MatchFilter = 'all' | MatchStatus;

/** GET /api/admin/matches?status=all|matched|done → { matches }. */
export const getAdminMatches = (status: MatchFilter) =>
  adminData(`/api/admin/matches?status=${status}`, { schema: adminMatchListSchema });

export const ADMIN_MATCHES_KEY = [ADMIN_KEY, 'matches', 'list'] as const;

export const adminMatchesQueryOptions = (status: MatchFilter) =>
  queryOptions({ queryKey: [...ADMIN_MATCHES_KEY, status], queryFn: () => getAdminMatches(status), staleTime: 0 });

export const useAdminMatches = (status: MatchFilter) => useQuery(adminMatchesQueryOptions(status));
