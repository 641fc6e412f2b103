import { recordsReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/**
 * GET /api/users/me/records: the signed-in player's finished seasons. There is no public list of past seasons, so
 * these (with the active one and any season named in the address) fill the season selector.
 */
export const getSeasonRecords = () => apiData('/api/users/me/records', { schema: recordsReplySchema });

/** Under the signed-in user's key (as my page's records), so logout drops it. */
export const seasonRecordsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [ME_KEY, userId, 'records'], queryFn: getSeasonRecords, staleTime: 10 * 60_000 });

/** Nothing is asked for a visitor. */
export const useSeasonRecords = (userId: string | null) =>
  useQuery({ ...seasonRecordsQueryOptions(userId ?? ''), enabled: userId !== null });
