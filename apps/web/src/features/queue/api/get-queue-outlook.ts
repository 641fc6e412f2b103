import { queueOutlookSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** How often the outlook is read again (the numbers of now; the hourly figures change slowly). */
export const OUTLOOK_REFRESH_MS = 60_000;
/** How long after a wave's time its result is asked for (the wave takes a moment). */
const WAVE_SETTLE_MS = 5000;

/**
 * GET /api/queue/outlook: the queue by hour, the next wave, the players waiting; signed in (the session's token is
 * sent), also the players near the player's rate. A refused token does not open the 認証エラー screen: the panel is
 * an aside, and the rest of the page says so.
 */
export const getQueueOutlook = (signal?: AbortSignal) =>
  apiData('/api/queue/outlook', { schema: queueOutlookSchema, authErrorScreen: false, signal });

export const queueOutlookQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['queue', 'outlook', userId] as const,
    queryFn: ({ signal }) => getQueueOutlook(signal),
    staleTime: 30_000,
    // Every minute, and just after the next wave when it comes sooner (its figures and the one after it).
    refetchInterval: (query) => {
      const next = query.state.data?.next_wave_at;
      const afterWave = next == null ? Number.POSITIVE_INFINITY : next * 1000 + WAVE_SETTLE_MS - Date.now();
      return afterWave > 1000 && afterWave < OUTLOOK_REFRESH_MS ? afterWave : OUTLOOK_REFRESH_MS;
    },
  });

export const useQueueOutlook = (userId: string | null) => useQuery(queueOutlookQueryOptions(userId));
