import { siteReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** GET /api/site: the dashboard link, operator details and the ad slot, all optional. */
export const getSite = () => apiData('/api/site', { schema: siteReplySchema, token: null });

export const siteQueryOptions = () => queryOptions({ queryKey: ['site'], queryFn: getSite, staleTime: 60 * 60 * 1000 });

export const useSite = () => useQuery(siteQueryOptions());
