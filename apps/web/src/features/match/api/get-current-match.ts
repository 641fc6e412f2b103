import { type CurrentMatch, currentMatchSchema, type MatchUpdate } from '@rankmatch/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';
import { COMMON_TEXTS } from '../../../lib/texts.ts';

export const currentMatchKey = (userId: string) => [ME_KEY, userId, 'match', 'current'] as const;

/** An empty reply, a 404 or match_id '0' all mean "no open match" (spec §4 Match screen). */
function isNoMatch(body: unknown): boolean {
  if (body === null || body === undefined || body === '') return true;
  if (typeof body !== 'object') return false;
  if (Object.keys(body).length === 0) return true;
  const id = (body as { match_id?: unknown }).match_id;
  return id === '0' || id === 0 || id === '' || id === null;
}

/** GET /api/matches/current → the caller's open match, or null. */
export async function getCurrentMatch(): Promise<CurrentMatch | null> {
  const result = await apiRequest<unknown>('/api/matches/current', { authErrorScreen: 'unauthorized' });
  if (result.error !== null) {
    if (result.status === 404) return null;
    throw new ApiError(result.error, result.status, result.code);
  }
  if (isNoMatch(result.data)) return null;
  const parsed = currentMatchSchema.safeParse(result.data);
  if (!parsed.success) {
    console.warn('API reply of /api/matches/current does not match its schema', parsed.error.issues);
    throw new ApiError(COMMON_TEXTS.replyInvalid, result.status, 'INVALID_REPLY');
  }
  return parsed.data;
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
