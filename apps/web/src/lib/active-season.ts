import { activeSeasonReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from './api-client.ts';

/**
 * GET /api/seasons/active → { is_season_active, current_season, next_season }: one query for the banner, the ranking
 * and /stats, so they read the same answer to "is a season open now" (is_season_active, the server's one definition).
 */
export const getActiveSeason = () => apiData('/api/seasons/active', { schema: activeSeasonReplySchema, token: null });

export const activeSeasonQueryOptions = () =>
  queryOptions({ queryKey: ['seasons', 'active'], queryFn: getActiveSeason, staleTime: 5 * 60 * 1000 });

export const useActiveSeason = () => useQuery(activeSeasonQueryOptions());
