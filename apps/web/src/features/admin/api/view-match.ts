import { currentMatchSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/** GET /api/debug/matches/{id}/view?user_id= → the match exactly as that player's match screen gets it. */
export const viewMatchAs = (matchId: string, userId: string) =>
  adminData(`/api/debug/matches/${encodeURIComponent(matchId)}/view?user_id=${encodeURIComponent(userId)}`, {
    schema: currentMatchSchema,
  });

export const MATCH_VIEW_KEY = [ADMIN_KEY, 'debug', 'view'] as const;

export const matchViewQueryOptions = (matchId: string, userId: string) =>
  queryOptions({
    queryKey: [...MATCH_VIEW_KEY, matchId, userId],
    queryFn: () => viewMatchAs(matchId, userId),
    staleTime: 0,
  });

export const useMatchView = (matchId: string, userId: string) => useQuery(matchViewQueryOptions(matchId, userId));
