import { z } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

export const providersReplySchema = z.object({
  discord: z.boolean(),
  dummy: z.boolean(),
  dummy_password_required: z.boolean(),
});

/** GET /api/auth/providers: which sign-ins the server offers. */
export const getProviders = () => apiData('/api/auth/providers', { schema: providersReplySchema, token: null });

export const providersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getProviders, staleTime: 10 * 60_000 });

export const useProviders = () => useQuery(providersQueryOptions());
