import { recordsReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** GET /api/users/me/records: the user's finished seasons. */
export const getRecords = () => apiData('/api/users/me/records', { schema: recordsReplySchema });

export const recordsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [ME_KEY, userId, 'records'], queryFn: getRecords, staleTime: 10 * 60_000 });

export const useRecords = (userId: string) => useQuery(recordsQueryOptions(userId));
