import { type ReadyCheck, readyCheckReplySchema } from '@rankmatch/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { queueStatusKey } from './get-queue-status.ts';

/** While a check is open, it is read again this often (the pushes may not come: a socket down). */
export const READY_CHECK_REFRESH_MS = 10_000;

/** Under the queue status key: a reconnect's resync and a wave's reload of the own status read it again too. */
export const readyCheckKey = (userId: string) => [...queueStatusKey(userId), 'ready-check'] as const;

/**
 * GET /api/queue/ready-check → the player's open ready check, or the one that closed in the last minutes, or null
 * (issue 35). A reload or a second tab sees the same state. A 401 does not open the 認証エラー screen: the queue panel
 * says so itself.
 */
export async function getReadyCheck(): Promise<ReadyCheck | null> {
  const result = await apiRequest('/api/queue/ready-check', { schema: readyCheckReplySchema, authErrorScreen: false });
  if (result.error === null) return result.data.ready_check;
  if (result.status === 404 && result.code === 'READY_CHECK_NOT_FOUND') return null;
  throw new ApiError(result.error, result.status, result.code);
}

/** Ids are decimal numbers (up to 18 digits) in creation order. */
const isLaterId = (a: string, b: string) => (a.length === b.length ? a > b : a.length > b.length);

/**
 * Which of two states of the player's ready check to show: a later check wins; of the same check, a closed state wins
 * over an open one (closing is final) and, open, the one with more players ready (a push and the press's reply, or a
 * reading made before a push, may arrive in either order).
 */
export function laterReadyCheck(shown: ReadyCheck | null | undefined, incoming: ReadyCheck): ReadyCheck {
  if (!shown) return incoming;
  if (shown.ready_check_id !== incoming.ready_check_id) {
    return isLaterId(shown.ready_check_id, incoming.ready_check_id) ? shown : incoming;
  }
  if (shown.status !== 'open' && incoming.status === 'open') return shown;
  if (shown.status === 'open' && incoming.status === 'open' && shown.ready_count > incoming.ready_count) return shown;
  return incoming;
}

/** Writes a push's or a press's state of the ready check into the cache (the later of the two). */
export function applyReadyCheck(queryClient: QueryClient, userId: string, incoming: ReadyCheck): void {
  queryClient.setQueryData<ReadyCheck | null>(readyCheckKey(userId), (shown) => laterReadyCheck(shown, incoming));
}

export const readyCheckQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: readyCheckKey(userId),
    // A push that came while the reading was on its way is not undone by it.
    queryFn: async ({ client, queryKey }) => {
      const read = await getReadyCheck();
      return read && laterReadyCheck(client.getQueryData<ReadyCheck | null>(queryKey), read);
    },
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? READY_CHECK_REFRESH_MS : false),
  });
