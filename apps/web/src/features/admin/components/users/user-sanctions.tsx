import { suspensionNotice } from '@rankmatch/shared';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useAdminSanctions } from '../../api/sanctions.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SuspendForm, WarnForm } from './sanction-forms.tsx';
import { SuspensionHistory, WarningHistory } from './sanction-history.tsx';

const T = ADMIN_TEXTS.sanctions;

/**
 * Sanctions in proportion (issue 35), beside the ban of the edit form: a matching suspension for a set time, its
 * lifting, a warning shown once, and the player's history of both.
 */
export function UserSanctions({ userId, name }: { userId: string; name: string }) {
  const sanctions = useAdminSanctions(userId);
  const active = sanctions.data?.suspensions.find((s) => s.state === 'active');
  return (
    <section className="card admin-user admin-sanctions" aria-labelledby="admin-sanctions-title">
      <h2 id="admin-sanctions-title" className="card__title">
        {T.title}
      </h2>
      <p className="field__hint">{T.lead}</p>
      {sanctions.isPending ? (
        <Skeleton lines={4} label={T.loading} />
      ) : sanctions.isError ? (
        // Not an alert: a failed list leaves the rest of the user tab as it is.
        <Notice tone="danger" title={T.loadFailed}>
          <p>{sanctions.error.message}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => sanctions.refetch()}>
            {ADMIN_TEXTS.refresh}
          </button>
        </Notice>
      ) : (
        <>
          {active && (
            <Notice tone="warning" title={suspensionNotice(active.ends_at)}>
              <p className="admin-sanctions__reason">{active.reason}</p>
            </Notice>
          )}
          <div className="admin-sanctions__forms">
            <SuspendForm userId={userId} name={name} />
            <WarnForm userId={userId} name={name} />
          </div>
          <SuspensionHistory userId={userId} name={name} suspensions={sanctions.data.suspensions} />
          <WarningHistory warnings={sanctions.data.warnings} />
        </>
      )}
    </section>
  );
}
