import { type QueueInfo, queueInfoSchema, type ServerMessage } from '@rankmatch/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiData } from './api-client.ts';

// The public queue numbers (GET /api/queue) and the socket pushes that keep them current. Read by the queue panel
// and by the admin panel's overview, which share one cache entry.

/** GET /api/queue (public): waiting players, open matches and their players, last wave, next wave, hours, season. */
export const getQueueInfo = () => apiData('/api/queue', { schema: queueInfoSchema, token: null });

export const QUEUE_INFO_KEY = ['queue', 'info'] as const;

export const queueInfoQueryOptions = () =>
  queryOptions({ queryKey: QUEUE_INFO_KEY, queryFn: getQueueInfo, retry: false, staleTime: 0 });

/** Applies a queueInfo (whole) or queueDiff (changed fields) push to the cached numbers; other messages are ignored. */
export function applyQueuePush(queryClient: QueryClient, message: ServerMessage): void {
  if (message.type === 'queueInfo') {
    queryClient.setQueryData(QUEUE_INFO_KEY, message.data);
  } else if (message.type === 'queueDiff') {
    queryClient.setQueryData<QueueInfo>(QUEUE_INFO_KEY, (old) => (old ? { ...old, ...message.data } : old));
  }
}
