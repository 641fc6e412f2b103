import { queueStatusSchema, type z } from '@rankmatch/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

export type QueueStatus = z.infer<typeof queueStatusSchema>;

export const NOT_IN_QUEUE: QueueStatus = { in_queue: false, entry: null };

/**
 * GET /api/queue/me → { in_queue, entry }; a 404 means "not in queue" (spec §4). A 401 does not open the 認証エラー
 * screen: the queue panel says so itself and stops its automatic updates.
 */
export async function getQueueStatus(): Promise<QueueStatus> {
  const result = await apiRequest('/api/queue/me', { schema: queueStatusSchema, authErrorScreen: false });
  if (result.error === null) return result.data;
  if (result.status === 404 && result.code !== 'ROUTE_NOT_FOUND') return NOT_IN_QUEUE;
  throw new ApiError(result.error, result.status, result.code);
}

export const queueStatusKey = (userId: string) => [ME_KEY, userId, 'queue'] as const;

export const queueStatusQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queueStatusKey(userId), queryFn: getQueueStatus, retry: false, staleTime: 0 });
