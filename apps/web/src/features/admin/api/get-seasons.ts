import { adminSeasonListSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/**
 * GET /api/admin/seasons → every season with its rewards in force, once ended its summary, its match count and whether
 * it can be deleted (errors come prefixed: シーズンの取得に失敗しました: …).
 */
export const getAdminSeasons = () => adminData('/api/admin/seasons', { schema: adminSeasonListSchema });

export const ADMIN_SEASONS_KEY = [ADMIN_KEY, 'seasons'] as const;

export const adminSeasonsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_SEASONS_KEY, queryFn: getAdminSeasons, staleTime: 0 });

export const useAdminSeasons = () => useQuery(adminSeasonsQueryOptions());
