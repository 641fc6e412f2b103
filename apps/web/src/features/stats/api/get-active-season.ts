import { activeSeasonReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/**
 * GET /api/seasons/active → { is_season_active, current_season, next_season }: the season the page shows by default.
 * Same key as the shell's season query, so the page reuses what the header already loaded.
 */
export const getActiveSeason = () => apiData('/api/seasons/active', { schema: activeSeasonReplySchema, token: null });

export const activeSeasonQueryOptions = () =>
  queryOptions({ queryKey: ['seasons', 'active'], queryFn: getActiveSeason, staleTime: 5 * 60 * 1000 });

export const useActiveSeason = () => useQuery(activeSeasonQueryOptions());
