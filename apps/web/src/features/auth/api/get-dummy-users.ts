import { dummyUserSchema, z } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

const dummyUsersReplySchema = z.object({ dummy_users: z.array(dummyUserSchema) });

/** GET /api/auth/dummy/users: the test accounts for the dropdown. */
export const getDummyUsers = () => apiData('/api/auth/dummy/users', { schema: dummyUsersReplySchema, token: null });

export const dummyUsersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'dummy-users'], queryFn: getDummyUsers, staleTime: 60_000 });

export const useDummyUsers = (enabled: boolean) => useQuery({ ...dummyUsersQueryOptions(), enabled });
