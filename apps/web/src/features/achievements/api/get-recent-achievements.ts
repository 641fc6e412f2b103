import { achievementsReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { achievementsKey } from './achievement-keys.ts';
import { useAchievementCheck } from './check-achievements.ts';

/** GET /api/users/me/achievements/recent?limit=N: the earned achievements, newest first. */
export const getRecentAchievements = (limit: number) =>
  apiData(`/api/users/me/achievements/recent?limit=${limit}`, { schema: achievementsReplySchema });

export const recentAchievementsQueryOptions = (userId: string, limit: number) =>
  queryOptions({
    queryKey: [...achievementsKey(userId), 'recent', limit],
    queryFn: () => getRecentAchievements(limit),
    staleTime: 60_000,
  });

/** Read once the session's achievement check has answered (or failed). */
export function useRecentAchievements(userId: string, limit: number) {
  const check = useAchievementCheck(userId);
  return useQuery({ ...recentAchievementsQueryOptions(userId, limit), enabled: !check.isPending });
}
