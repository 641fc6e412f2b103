import { type AdminSuspension, type AdminWarning, formatMonthDayTime } from '@rankmatch/shared';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useLiftSuspension } from '../../api/sanctions.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { Outcome } from './sanction-forms.tsx';

const T = ADMIN_TEXTS.sanctions;

const nameOf = (id: string, name: string | null) => (name ? `${name}（${id}）` : id);

/** Every suspension, newest first: its state, period, reason, who gave it and who lifted it; 解除 for one in force. */
export function SuspensionHistory({
  userId,
  name,
  suspensions,
}: {
  userId: string;
  name: string;
  suspensions: AdminSuspension[];
}) {
  const lift = useLiftSuspension(userId);
  const liftOnce = useSingleFlight(lift);
  const confirm = useConfirm();
  const onLift = async (s: AdminSuspension) => {
    lift.reset();
    const yes = await confirm.ask({
      title: T.liftConfirmTitle,
      message: T.liftConfirm(name, formatMonthDayTime(s.ends_at)),
      confirmLabel: T.liftConfirmButton,
      tone: 'primary',
    });
    if (yes) liftOnce(s.suspension_id);
  };
  return (
    <section aria-labelledby="admin-suspensions-title">
      <h4 id="admin-suspensions-title" className="admin-user__subsection">
        {T.historyTitle}
      </h4>
      {suspensions.length === 0 ? (
        <p className="muted">{T.noSuspensions}</p>
      ) : (
        <ul className="admin-sanctions__list">
          {suspensions.map((s) => (
            <li key={s.suspension_id} className="admin-sanctions__item" data-state={s.state}>
              <p className="admin-sanctions__head">
                <span className={`admin-mark admin-sanctions__state admin-sanctions__state--${s.state}`}>
                  {T.states[s.state]}
                </span>
                <span>{T.period(formatDateTime(s.starts_at), formatDateTime(s.ends_at))}</span>
              </p>
              <p className="admin-sanctions__reason">{s.reason}</p>
              <p className="admin-sanctions__meta muted">
                {[
                  s.kind === 'admin' && s.created_by ? T.by(nameOf(s.created_by, s.created_by_name)) : T.bySite,
                  s.case_id !== null ? T.fromCase(s.case_id) : null,
                  s.lifted_by && s.lifted_at !== null
                    ? T.liftedBy(nameOf(s.lifted_by, s.lifted_by_name), formatDateTime(s.lifted_at))
                    : null,
                ]
                  .filter(Boolean)
                  .join('・')}
              </p>
              {s.state === 'active' && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onLift(s)}
                  disabled={lift.isPending}
                >
                  {lift.isPending ? T.lifting : T.lift}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Outcome mutation={lift} done={T.lifted} />
      {confirm.dialog}
    </section>
  );
}

/** Every warning, newest first, and whether the player has read it. */
export function WarningHistory({ warnings }: { warnings: AdminWarning[] }) {
  return (
    <section aria-labelledby="admin-warnings-title">
      <h4 id="admin-warnings-title" className="admin-user__subsection">
        {T.warningsTitle}
      </h4>
      {warnings.length === 0 ? (
        <p className="muted">{T.noWarnings}</p>
      ) : (
        <ul className="admin-sanctions__list">
          {warnings.map((w) => (
            <li key={w.warning_id} className="admin-sanctions__item">
              <p className="admin-sanctions__head">
                <span>{formatDateTime(w.created_at)}</span>
                <span className="muted">{w.seen_at === null ? T.unseen : T.seen(formatDateTime(w.seen_at))}</span>
              </p>
              <p className="admin-sanctions__reason">{w.reason}</p>
              <p className="admin-sanctions__meta muted">
                {[
                  T.warnedBy(nameOf(w.created_by, w.created_by_name)),
                  w.case_id !== null ? T.fromCase(w.case_id) : null,
                ]
                  .filter(Boolean)
                  .join('・')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
