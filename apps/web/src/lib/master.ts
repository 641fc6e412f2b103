import { type MasterReply, masterReplySchema } from '@rankmatch/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from './api-client.ts';
import { ME_KEY } from './auth/user.ts';

// Master data for signed-in users (rules tab, admin panel): settings, the whole badge catalogue, characters.

/** GET /api/master (signed in): settings, badges with live current_sales, characters. */
export const getMaster = () => apiData('/api/master', { schema: masterReplySchema });

export const masterQueryKey = (userId: string) => [ME_KEY, userId, 'master'] as const;

export const masterQueryOptions = (userId: string) =>
  queryOptions({ queryKey: masterQueryKey(userId), queryFn: getMaster, staleTime: 5 * 60_000 });

export const useMaster = (userId: string | null) =>
  useQuery({ ...masterQueryOptions(userId ?? ''), enabled: userId !== null });

/** Shows new settings (an admin's save) wherever the master data is read. */
export function setMasterSettings(queryClient: QueryClient, userId: string, settings: MasterReply['settings']): void {
  queryClient.setQueryData<MasterReply>(masterQueryKey(userId), (old) => (old ? { ...old, settings } : old));
}
