import type { QueryClient } from '@tanstack/react-query';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** Both achievement queries of a user start with this key. */
export const achievementsKey = (userId: string) => [ME_KEY, userId, 'achievements'] as const;

/** Reloads the achievements (a badge was granted, a match settled). */
export const invalidateAchievements = (queryClient: QueryClient, userId: string) =>
  queryClient.invalidateQueries({ queryKey: achievementsKey(userId) });
