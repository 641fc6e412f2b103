import { type CurrentMatch, type MatchUpdate, myMatchReplySchema } from '@rankmatch/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

export const currentMatchKey = (userId: string) => [ME_KEY, userId, 'match', 'current'] as const;

/**
 * GET /api/matches/me → the caller's open match (or a settled one still awaiting their report), or null. It answers
 * 200 with `{ match: null }` when there is none, so polling between matches logs no failed request (the older
 * /api/matches/current says 404). match_id '0' never names a match (spec §4 Match screen).
 */
export async function getCurrentMatch(): Promise<CurrentMatch | null> {
  const result = await apiRequest('/api/matches/me', { schema: myMatchReplySchema, authErrorScreen: 'unauthorized' });
  if (result.error !== null) throw new ApiError(result.error, result.status, result.code);
  const { match } = result.data;
  return match && match.match_id !== '0' ? match : null;
}

export const currentMatchQueryOptions = (userId: string) =>
  queryOptions({ queryKey: currentMatchKey(userId), queryFn: getCurrentMatch, staleTime: 0 });

export function useCurrentMatch(userId: string) {
  return useQuery(currentMatchQueryOptions(userId));
}

/** Applies a match update (socket push, lobby or host reply) to the cached match with the same id. */
export function patchCurrentMatch(queryClient: QueryClient, userId: string, update: MatchUpdate): void {
  queryClient.setQueryData<CurrentMatch | null>(currentMatchKey(userId), (match) =>
    match && match.match_id === update.match_id
      ? {
          ...match,
          lobby_id: update.lobby_id,
          host_user_id: update.host_user_id,
          status: update.status,
          report_count: update.report_count,
        }
      : match,
  );
}

/** Reloads every user's current match (after a reconnect or a match-found push). */
export function resyncMatch(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === ME_KEY && q.queryKey[2] === 'match',
  });
}
