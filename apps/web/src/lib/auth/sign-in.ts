import type { UserProfile } from '@rankmatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import { resetAuthError } from './auth-error.ts';
import { storeSession } from './session.ts';
import { setMyProfile } from './user.ts';

/** Stores a fresh session from a login reply; the reply's user also fills the profile cache. */
export function completeSignIn(queryClient: QueryClient, token: string, user: UserProfile): boolean {
  if (!storeSession(token, user)) return false;
  setMyProfile(queryClient, user);
  resetAuthError();
  return true;
}
