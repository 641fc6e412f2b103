import { masterReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** GET /api/master (signed in): settings, badges with live current_sales, characters. */
export const getMaster = () => apiData('/api/master', { schema: masterReplySchema });

export const masterQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [ME_KEY, userId, 'master'], queryFn: getMaster, staleTime: 5 * 60_000 });

export const useMaster = (userId: string | null) =>
  useQuery({ ...masterQueryOptions(userId ?? ''), enabled: userId !== null });
