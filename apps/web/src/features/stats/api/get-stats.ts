import { statsReplySchema } from '@rankmatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import type { StatsParams } from '../stats-params.ts';

type StatsQuery = Pick<StatsParams, 'season' | 'band'>;

/**
 * GET /api/public/stats?season=&band= (public, sent without the session token): the figures of one season (the
 * active one without `season`) and rating band. 404 SEASON_NOT_FOUND for an unknown season.
 */
export function getStats({ season, band }: StatsQuery) {
  const query = new URLSearchParams({ band });
  if (season) query.set('season', season);
  return apiData(`/api/public/stats?${query}`, { schema: statsReplySchema, token: null });
}

export const statsQueryOptions = ({ season, band }: StatsQuery) =>
  queryOptions({
    queryKey: ['stats', season ?? 'active', band],
    queryFn: () => getStats({ season, band }),
    // The server folds every settlement in as it happens; a minute old is fresh enough for trends.
    staleTime: 60_000,
  });

/**
 * The figures for the address's season and band. Switching the band keeps the season's figures on screen until the
 * new ones arrive (isPlaceholderData); switching the season does not, so numbers never show under another name.
 */
export function useStats(params: StatsQuery, options: { enabled?: boolean } = {}) {
  const seasonKey = params.season ?? 'active';
  return useQuery({
    ...statsQueryOptions(params),
    enabled: options.enabled ?? true,
    // The route's prefetch asked as the page's load began: its 404 (an unknown season) is shown, not asked again.
    retryOnMount: false,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === seasonKey ? keepPreviousData(previous) : undefined,
  });
}
