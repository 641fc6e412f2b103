import { ratingHistoryReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** GET /api/users/me/rating-history: the active season's rate after each settled match. */
export const getRatingHistory = () => apiData('/api/users/me/rating-history', { schema: ratingHistoryReplySchema });

export const ratingHistoryQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [ME_KEY, userId, 'rating-history'], queryFn: getRatingHistory, staleTime: 60_000 });

export const useRatingHistory = (userId: string) => useQuery(ratingHistoryQueryOptions(userId));
