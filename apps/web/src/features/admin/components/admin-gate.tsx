import type { UserProfile } from '@rankmatch/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ErrorState } from '../../../components/notice.tsx';
import { useAdminAccess } from '../hooks/use-admin-access.ts';
import { ADMIN_TEXTS as T } from '../texts.ts';

/** Admin screens only: visitors and non-admins go to the top page; a message while the profile is checked. */
export function AdminGate({ children }: { children: (profile: UserProfile) => ReactNode }) {
  const access = useAdminAccess();
  if (access.kind === 'denied') return <Navigate to="/" replace />;
  if (access.kind === 'checking') {
    return (
      <p className="admin-checking" role="status">
        {T.checking}
      </p>
    );
  }
  if (access.kind === 'error') return <ErrorState message={access.message} onRetry={access.retry} />;
  return children(access.profile);
}
