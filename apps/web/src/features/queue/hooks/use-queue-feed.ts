import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { applyQueuePush, getQueueInfo, QUEUE_INFO_KEY, queueInfoQueryOptions } from '../../../lib/queue-info.ts';
import { useRealtime, useRealtimeMessages, useRealtimeState } from '../../../lib/realtime/realtime-provider.tsx';
import { createStore } from '../../../lib/store.ts';
import { getQueueStatus, queueStatusKey, queueStatusQueryOptions } from '../api/get-queue-status.ts';

// The queue panel's live data (spec §4 Queue): GET /api/queue every 30 s plus the socket's queueInfo / queueDiff
// pushes. Automatic updates stop after 3 consecutive failed fetches, on a connection error (network failure, or the
// socket giving up after its reconnect attempts), or on an auth error; a manual retry starts again.

export const QUEUE_REFRESH_MS = 30_000;
export const MAX_CONSECUTIVE_FAILURES = 3;
/** How long after the next wave's time the panel reloads (the wave's result and the next wave's time). */
export const WAVE_SETTLE_MS = 3_000;

export type FeedStop = 'failures' | 'connection' | 'auth';

interface FeedState {
  failures: number;
  stop: FeedStop | null;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function stopFor(error: unknown, failures: number): FeedStop | null {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) return 'auth';
  if (status === 0) return 'connection';
  return failures >= MAX_CONSECUTIVE_FAILURES ? 'failures' : null;
}

/** Socket pushes into the queue's queries, ignored once automatic updates have stopped. */
function useQueuePushes(userId: string, auto: boolean) {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (!auto) return;
    applyQueuePush(queryClient, message);
    // The player's own entry changed (a join or leave in another tab): every tab shows the same at once.
    if (message.type === 'queueStatus') queryClient.setQueryData(queueStatusKey(userId), message.data);
    // A wave ran: the own entry may be gone (matched) or have missed a wave.
    if (message.type === 'queueDiff' && message.data.previous_matched_unixtime !== undefined) {
      void queryClient.invalidateQueries({ queryKey: queueStatusKey(userId) });
    }
  });
}

/** Shortly after the next wave's time: reload the info (new next wave) and the own status. */
function useWaveReload(userId: string, auto: boolean, nextWave: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!auto || nextWave === undefined) return;
    const delay = Math.max(0, nextWave * 1000 - Date.now()) + WAVE_SETTLE_MS;
    if (delay > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: QUEUE_INFO_KEY });
      void queryClient.invalidateQueries({ queryKey: queueStatusKey(userId) });
    }, delay);
    return () => clearTimeout(timer);
  }, [auto, nextWave, queryClient, userId]);
}

export function useQueueFeed(userId: string) {
  const realtime = useRealtime();
  const socket = useRealtimeState();
  const [tracker] = useState(() => createStore<FeedState>(() => ({ failures: 0, stop: null })));
  const feed = tracker.use();

  const socketStop: FeedStop | null =
    socket.status === 'failed' ? 'connection' : socket.status === 'unauthorized' ? 'auth' : null;
  const stop = feed.stop ?? socketStop;
  const auto = stop === null;

  /** A failed fetch: counted for the queue info; any fetch may stop the feed on a connection or auth error. */
  const fail = (error: unknown, counted: boolean) => {
    const current = tracker.get();
    const failures = counted ? current.failures + 1 : current.failures;
    tracker.set({ failures, stop: current.stop ?? stopFor(error, counted ? failures : 0) });
  };

  const info = useQuery({
    ...queueInfoQueryOptions(),
    queryFn: async () => {
      try {
        const data = await getQueueInfo();
        tracker.set({ failures: 0, stop: tracker.get().stop });
        return data;
      } catch (error) {
        fail(error, true);
        throw error;
      }
    },
    refetchInterval: auto ? QUEUE_REFRESH_MS : false,
    refetchOnWindowFocus: auto,
    refetchOnReconnect: auto,
  });

  const status = useQuery({
    ...queueStatusQueryOptions(userId),
    queryFn: async () => {
      try {
        return await getQueueStatus();
      } catch (error) {
        fail(error, false);
        throw error;
      }
    },
    refetchInterval: auto ? QUEUE_REFRESH_MS : false,
    refetchOnWindowFocus: auto,
    refetchOnReconnect: auto,
  });

  useQueuePushes(userId, auto);
  useWaveReload(userId, auto, info.data?.next_wave_unixtime);

  /** Manual retry after a stop: start counting again, reconnect the socket if it gave up, reload now. */
  const retry = () => {
    tracker.set({ failures: 0, stop: null });
    if (socket.status === 'failed') realtime.retry();
    else realtime.askQueueInfo();
    void info.refetch();
    void status.refetch();
  };

  return { info, status, stop, retry, socket };
}

export type QueueFeed = ReturnType<typeof useQueueFeed>;
