import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { clearProfileCache } from './profile-cache.ts';
import { clearSession, getSession } from './session.ts';
import { ME_KEY } from './user.ts';

/**
 * Forgets the session first, then POST /api/auth/logout with its token: the calls still on their way with that token
 * come back 401 once the server has ended the session, and the client must already know it ended on purpose (no
 * 認証エラー screen; see apiRequest). The profile cache goes whatever the server said.
 */
export async function logout(): Promise<void> {
  const token = getSession()?.token ?? null;
  clearSession();
  if (token) await apiRequest('/api/auth/logout', { method: 'POST', token, authErrorScreen: false });
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
