import {
  type AdminSanctions,
  type AdminSuspendInput,
  type AdminWarnInput,
  adminSanctionsSchema,
} from '@rankmatch/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';
import { adminUserKey } from './get-user.ts';

// A user's sanctions in the user tab (issue 35): the list, a matching suspension, its lifting and a warning. Each write
// answers with the new list; the user's detail reloads too (a suspension takes them out of the queue).

const base = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

export const adminSanctionsKey = (userId: string) => [ADMIN_KEY, 'users', 'sanctions', userId] as const;

/** GET /api/admin/users/{user_id}/sanctions → { suspensions, warnings }, newest first. */
export const useAdminSanctions = (userId: string) =>
  useQuery(
    queryOptions({
      queryKey: adminSanctionsKey(userId),
      queryFn: () => adminData(`${base(userId)}/sanctions`, { schema: adminSanctionsSchema }),
      staleTime: 0,
    }),
  );

function showSanctions(queryClient: QueryClient, userId: string, sanctions: AdminSanctions): void {
  queryClient.setQueryData(adminSanctionsKey(userId), sanctions);
  void queryClient.invalidateQueries({ queryKey: adminUserKey(userId) });
  void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] });
}

/** POST …/suspensions { duration, reason } */
export function useSuspendUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSuspendInput) =>
      adminData(`${base(userId)}/suspensions`, { method: 'POST', body: input, schema: adminSanctionsSchema }),
    onSuccess: (sanctions) => showSanctions(queryClient, userId, sanctions),
  });
}

/** POST …/suspensions/{id}/lift */
export function useLiftSuspension(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suspensionId: number) =>
      adminData(`${base(userId)}/suspensions/${suspensionId}/lift`, {
        method: 'POST',
        body: {},
        schema: adminSanctionsSchema,
      }),
    onSuccess: (sanctions) => showSanctions(queryClient, userId, sanctions),
  });
}

/** POST …/warnings { reason } */
export function useWarnUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminWarnInput) =>
      adminData(`${base(userId)}/warnings`, { method: 'POST', body: input, schema: adminSanctionsSchema }),
    onSuccess: (sanctions) => showSanctions(queryClient, userId, sanctions),
  });
}
