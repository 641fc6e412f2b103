import { type AdminUserSearch, adminUserSearchReplySchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/** POST /api/admin/users/search { query, search_type, limit } → { data: { users, count } }. */
export const searchUsers = (input: AdminUserSearch) =>
  adminData('/api/admin/users/search', { method: 'POST', body: input, schema: adminUserSearchReplySchema }).then(
    (reply) => reply.data,
  );

export const USER_SEARCH_KEY = [ADMIN_KEY, 'users', 'search'] as const;

export const userSearchQueryOptions = (input: AdminUserSearch) =>
  queryOptions({ queryKey: [...USER_SEARCH_KEY, input], queryFn: () => searchUsers(input), staleTime: 0 });

/** The results of the last submitted search (nothing until one is submitted). */
export const useUserSearch = (input: AdminUserSearch | null) =>
  useQuery({ ...userSearchQueryOptions(input ?? { query: '' }), enabled: input !== null });
