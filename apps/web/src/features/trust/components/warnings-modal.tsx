import { formatDateTime, type Warning } from '@rankmatch/shared';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useAcknowledgeWarnings } from '../api/warnings.ts';
import { TRUST_TEXTS as T } from '../texts.ts';
import './trust.css';

/** 「運営からの警告」: each warning with its reason, time and match; 確認しました marks them all seen. */
export default function WarningsModal({
  userId,
  warnings,
  onClose,
}: {
  userId: string;
  warnings: Warning[];
  onClose: () => void;
}) {
  const acknowledge = useAcknowledgeWarnings(userId);
  const acknowledgeOnce = useSingleFlight(acknowledge);
  const confirm = () => acknowledgeOnce(warnings.map((w) => w.warning_id));
  return (
    <Modal
      title={T.warningsTitle}
      description={T.warningsLead}
      role="alertdialog"
      onClose={onClose}
      footer={
        <>
          <span className="modal__footer-spacer" />
          <button
            type="button"
            className="button button--primary"
            onClick={confirm}
            disabled={acknowledge.isPending}
            data-autofocus
          >
            {acknowledge.isPending ? T.acknowledging : T.acknowledge}
          </button>
        </>
      }
    >
      <ul className="warnings-list">
        {warnings.map((w) => (
          <li key={w.warning_id}>
            <p>{w.reason}</p>
            <small className="muted">
              {formatDateTime(w.created_at)}
              {w.match_id && (
                <>
                  {' ・ '}
                  <Link to={`/matches/${w.match_id}`} onClick={confirm}>
                    {T.warningMatch(w.match_id)}
                  </Link>
                </>
              )}
            </small>
          </li>
        ))}
      </ul>
      {acknowledge.isError && (
        <Notice tone="danger" live>
          <p>{T.acknowledgeFailed}</p>
        </Notice>
      )}
    </Modal>
  );
}
