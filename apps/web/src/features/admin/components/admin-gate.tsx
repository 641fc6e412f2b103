import type { UserProfile } from '@rankmatch/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/notice.tsx';
import { useToasts } from '../../../lib/toast/toast-provider.tsx';
import { type AdminAccess, useAdminAccess } from '../hooks/use-admin-access.ts';
import { ADMIN_TEXTS as T } from '../texts.ts';

/**
 * Admin screens only: visitors and non-admins go to the top page, with a notice that says why (a silent return read
 * as a broken link); a message while the profile is checked.
 */
export function AdminGate({ children }: { children: (profile: UserProfile) => ReactNode }) {
  const access = useAdminAccess();
  if (access.kind === 'denied') return <SendHome reason={access.reason} />;
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

function SendHome({ reason }: { reason: Extract<AdminAccess, { kind: 'denied' }>['reason'] }) {
  const navigate = useNavigate();
  const { show } = useToasts();
  // Once, even when StrictMode runs the effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    show({ title: T.denied.title, content: reason === 'signed-out' ? T.denied.signedOut : T.denied.notAdmin });
    void navigate('/', { replace: true });
  }, [navigate, show, reason]);
  return null;
}
