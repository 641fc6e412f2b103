import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { clearProfileCache } from './profile-cache.ts';
import { clearSession } from './session.ts';
import { ME_KEY } from './user.ts';

/** POST /api/auth/logout, then forget the session and the profile cache whatever the server said. */
export async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', authErrorScreen: false });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      clearProfileCache();
      queryClient.removeQueries({ queryKey: [ME_KEY] });
    },
  });
}
