import type { UserProfile } from '@rankmatch/shared';
import { useSession } from '../../../lib/auth/session.ts';
import { useMe } from '../../../lib/auth/user.ts';

export type AdminAccess =
  | { kind: 'checking' }
  | { kind: 'denied'; reason: 'signed-out' | 'not-admin' }
  | { kind: 'error'; message: string; retry: () => void }
  | { kind: 'admin'; profile: UserProfile };

/** Who may see the admin screens (spec admin §6): signed in and is_admin on the own profile. */
export function useAdminAccess(): AdminAccess {
  const session = useSession();
  const me = useMe();
  if (!session) return { kind: 'denied', reason: 'signed-out' };
  if (me.isPending) return { kind: 'checking' };
  if (me.isError) return { kind: 'error', message: me.error.message, retry: () => void me.refetch() };
  if (me.data.kind !== 'ready' || !me.data.profile.is_admin) return { kind: 'denied', reason: 'not-admin' };
  return { kind: 'admin', profile: me.data.profile };
}
