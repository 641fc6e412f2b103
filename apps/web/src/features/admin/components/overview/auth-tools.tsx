import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../../../lib/auth/logout.ts';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { ADMIN_KEY } from '../../api/admin-request.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ToolCard } from './tool-card.tsx';

const T = ADMIN_TEXTS.overview;

/** The test-account login (composed in by the app) and logout, which returns to the top page. */
export function AuthTools({ dummyLogin }: { dummyLogin: ReactNode }) {
  const logout = useLogout();
  const logoutOnce = useSingleFlight(logout);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onLogout = () =>
    logoutOnce(undefined, {
      onSettled: () => {
        queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
        void navigate('/');
      },
    });
  return (
    <ToolCard title={T.authTitle}>
      <p className="field__hint">{T.dummyLoginNote}</p>
      {dummyLogin}
      <div className="admin-tool__action">
        <button type="button" className="button button--ghost" onClick={onLogout} disabled={logout.isPending}>
          {logout.isPending ? T.loggingOut : T.logout}
        </button>
      </div>
    </ToolCard>
  );
}
