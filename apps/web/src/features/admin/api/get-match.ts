import { adminMatchDetailSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/** GET /api/admin/matches/{id} → the match with teams, reports, violation totals and penalty status. */
export const getAdminMatch = (matchId: string) =>
  adminData(`/api/admin/matches/${encodeURIComponent(matchId)}`, { schema: adminMatchDetailSchema });

export const adminMatchKey = (matchId: string) => [ADMIN_KEY, 'matches', 'detail', matchId] as const;

export const adminMatchQueryOptions = (matchId: string) =>
  queryOptions({ queryKey: adminMatchKey(matchId), queryFn: () => getAdminMatch(matchId), staleTime: 0 });

export const useAdminMatch = (matchId: string | null) =>
  useQuery({ ...adminMatchQueryOptions(matchId ?? ''), enabled: matchId !== null });
