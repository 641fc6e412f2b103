import { seasonsReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/**
 * GET /api/public/seasons → { seasons }: every season that has started, newest first (public, sent without the
 * session token). With the active season and any season named in the address, they fill the season selector.
 */
export const getSeasons = () => apiData('/api/public/seasons', { schema: seasonsReplySchema, token: null });

/** Under the seasons' key (as the active season), so an admin's season change refreshes it. */
export const seasonsQueryOptions = () =>
  queryOptions({ queryKey: ['seasons', 'public'], queryFn: getSeasons, staleTime: 10 * 60_000 });

export const useSeasons = () => useQuery(seasonsQueryOptions());
