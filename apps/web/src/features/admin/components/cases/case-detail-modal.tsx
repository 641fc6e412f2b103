import { Modal } from '../../../../components/modal.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useAdminCase } from '../../api/get-cases.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { CaseDetail } from './case-detail.tsx';

const T = ADMIN_TEXTS.cases;

/** One case in a dialog: its facts, the match's reports and disputes, the players' records and the actions. */
export function CaseDetailModal({ caseId, onClose }: { caseId: number; onClose: () => void }) {
  const detail = useAdminCase(caseId);
  return (
    <Modal title={T.detailTitle(caseId)} onClose={onClose} size="lg">
      {detail.isPending ? (
        <Skeleton lines={8} />
      ) : detail.isError ? (
        <Notice tone="danger" title={T.detailFailed} live>
          <p>{detail.error.message}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => detail.refetch()}>
            {ADMIN_TEXTS.refresh}
          </button>
        </Notice>
      ) : (
        <CaseDetail detail={detail.data} />
      )}
    </Modal>
  );
}
