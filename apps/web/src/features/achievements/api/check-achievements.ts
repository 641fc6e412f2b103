import { achievementCheckReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** POST /api/users/me/achievements/check {} → { newly_earned } (idempotent; badges come with badgeGranted pushes). */
export const checkAchievements = () =>
  apiData('/api/users/me/achievements/check', { method: 'POST', body: {}, schema: achievementCheckReplySchema });

/**
 * The server evaluates achievements when a match settles; what was reached otherwise (before the first settlement, or
 * after a penalty was lifted) is recorded by this check. It runs once per session, like a read, before the lists are
 * read — outside the achievements key, so reloading the lists does not repeat it.
 */
export const achievementCheckQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [ME_KEY, userId, 'achievement-check'],
    queryFn: checkAchievements,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useAchievementCheck = (userId: string) => useQuery(achievementCheckQueryOptions(userId));
