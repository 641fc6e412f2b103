import { dummyUserSchema, z } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client.ts';

// The test accounts: the login dropdown (features/auth) and the admin panel's test tools read the same list.

const dummyUsersReplySchema = z.object({ dummy_users: z.array(dummyUserSchema) });

/** GET /api/auth/dummy/users: the test accounts. */
export const getDummyUsers = () => apiData('/api/auth/dummy/users', { schema: dummyUsersReplySchema, token: null });

export const dummyUsersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'dummy-users'], queryFn: getDummyUsers, staleTime: 60_000 });

export const useDummyUsers = (enabled: boolean) => useQuery({ ...dummyUsersQueryOptions(), enabled });
