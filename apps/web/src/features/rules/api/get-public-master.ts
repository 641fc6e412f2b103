import { masterReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** GET /api/public/master: settings (rules, announcement…), badges and characters for visitors. */
export const getPublicMaster = () => apiData('/api/public/master', { schema: masterReplySchema, token: null });

export const publicMasterQueryOptions = () =>
  queryOptions({ queryKey: ['public', 'master'], queryFn: getPublicMaster, staleTime: 5 * 60_000 });

export const usePublicMaster = (enabled = true) => useQuery({ ...publicMasterQueryOptions(), enabled });
