import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createUserRecord, meQueryKey } from '../../../lib/auth/user.ts';

/** POST /api/users again from the user-creation prompt. */
export function useCreateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserRecord,
    onSuccess: (state) => queryClient.setQueryData(meQueryKey(userId), state),
  });
}
