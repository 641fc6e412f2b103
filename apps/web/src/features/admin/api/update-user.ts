import { type AdminUserUpdate, adminUserDetailSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { adminUserKey } from './get-user.ts';
import { USER_SEARCH_KEY } from './search-users.ts';

/** PUT /api/admin/users/{user_id} with the changed fields only → the updated user. */
export const updateAdminUser = ({ userId, changes }: { userId: string; changes: AdminUserUpdate }) =>
  adminData(`/api/admin/users/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: changes,
    schema: adminUserDetailSchema,
  });

/** Saves, shows the reply as the detail, reloads the detail and refreshes the search results. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserKey(user.user_id), user);
      void queryClient.invalidateQueries({ queryKey: adminUserKey(user.user_id) });
      void queryClient.invalidateQueries({ queryKey: USER_SEARCH_KEY });
    },
  });
}
