import { playerPageSchema, userIdSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** Whether a URL segment can name a user at all; anything else is "not found" without asking the server. */
export const isPlayerId = (id: string | undefined): id is string => userIdSchema.safeParse(id).success;

/**
 * GET /api/players/{id} (public, sent without the session token): the public profile, the active season's numbers,
 * chart and characters, the last 20 matches and the finished seasons. 404 for unknown, banned or unnamed players.
 */
export const getPlayerPage = (userId: string) =>
  apiData(`/api/players/${encodeURIComponent(userId)}`, { schema: playerPageSchema, token: null });

export const playerPageQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['players', userId], queryFn: () => getPlayerPage(userId), staleTime: 60_000 });

/**
 * The page's query. The route's prefetch asked as the page's load began: an error it got (a 404) is shown as the page
 * mounts, not asked again (the next visit's prefetch asks again; a 5xx has its 再試行).
 */
export const usePlayerPage = (userId: string) => useQuery({ ...playerPageQueryOptions(userId), retryOnMount: false });
