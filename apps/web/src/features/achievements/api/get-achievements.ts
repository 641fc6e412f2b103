import { achievementsReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { achievementsKey } from './achievement-keys.ts';
import { useAchievementCheck } from './check-achievements.ts';

/** GET /api/users/me/achievements: the active season's achievements with progress (only earned ones off-season). */
export const getAchievements = () => apiData('/api/users/me/achievements', { schema: achievementsReplySchema });

export const achievementsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...achievementsKey(userId), 'all'], queryFn: getAchievements, staleTime: 60_000 });

/** Read once the session's achievement check has answered (or failed), so what it recorded shows as earned. */
export function useAchievements(userId: string) {
  const check = useAchievementCheck(userId);
  return useQuery({ ...achievementsQueryOptions(userId), enabled: !check.isPending });
}
