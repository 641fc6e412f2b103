import { useQuery, useQueryClient } from '@tanstack/react-query';
import { applyQueuePush, queueInfoQueryOptions } from '../../../lib/queue-info.ts';
import { useRealtimeMessages } from '../../../lib/realtime/realtime-provider.tsx';

const REFRESH_MS = 30_000;

/** The queue numbers, kept current by the socket's queueInfo / queueDiff pushes (HTTP every 30 s as a fallback). */
export function useLiveQueueInfo() {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => applyQueuePush(queryClient, message));
  return useQuery({ ...queueInfoQueryOptions(), refetchInterval: REFRESH_MS });
}
