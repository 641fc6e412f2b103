import { rankingReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.ts';

/** GET /api/public/ranking for visitors, /api/users/ranking when signed in: the top 100 by max rate. */
export const getRanking = (signedIn: boolean) =>
  signedIn
    ? apiData('/api/users/ranking', { schema: rankingReplySchema })
    : apiData('/api/public/ranking', { schema: rankingReplySchema, token: null });

export const rankingQueryOptions = (signedIn: boolean) =>
  queryOptions({ queryKey: ['ranking', signedIn ? 'user' : 'public'], queryFn: () => getRanking(signedIn) });

export function useRanking() {
  const signedIn = useSession() !== null;
  return useQuery(rankingQueryOptions(signedIn));
}
