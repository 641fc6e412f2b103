import { systemReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** GET /api/public/system: active season, matching hours, player and match counts (for visitors). */
export const getPublicSystem = () => apiData('/api/public/system', { schema: systemReplySchema, token: null });

export const publicSystemQueryOptions = () =>
  queryOptions({ queryKey: ['public', 'system'], queryFn: getPublicSystem, staleTime: 60_000 });

export const usePublicSystem = (enabled = true) => useQuery({ ...publicSystemQueryOptions(), enabled });
