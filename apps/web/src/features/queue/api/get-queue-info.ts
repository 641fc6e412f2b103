import { queueInfoSchema } from '@rankmatch/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** GET /api/queue (public): waiting players, open matches and their players, last wave, next wave, hours, season. */
export const getQueueInfo = () => apiData('/api/queue', { schema: queueInfoSchema, token: null });

export const QUEUE_INFO_KEY = ['queue', 'info'] as const;

/** Fetched by the queue feed (use-queue-feed.ts), which decides when to refresh and when to stop. */
export const queueInfoQueryOptions = () =>
  queryOptions({ queryKey: QUEUE_INFO_KEY, queryFn: getQueueInfo, retry: false, staleTime: 0 });

/** After a reconnect: reload the queue info and the own queue status. */
export function resyncQueue(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: QUEUE_INFO_KEY }),
    queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === ME_KEY && q.queryKey[2] === 'queue' }),
  ]).then(() => undefined);
}
