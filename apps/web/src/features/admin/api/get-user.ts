import { adminUserDetailSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/** GET /api/admin/users/{user_id} → the user entity (404 USER_NOT_FOUND). */
export const getAdminUser = (userId: string) =>
  adminData(`/api/admin/users/${encodeURIComponent(userId)}`, { schema: adminUserDetailSchema });

export const adminUserKey = (userId: string) => [ADMIN_KEY, 'users', 'detail', userId] as const;

export const adminUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminUserKey(userId), queryFn: () => getAdminUser(userId), staleTime: 0 });

export const useAdminUser = (userId: string) => useQuery(adminUserQueryOptions(userId));
