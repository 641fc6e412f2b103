import { Modal } from '../../../../components/modal.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useAdminMatch } from '../../api/get-match.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { MatchDetail } from './match-detail.tsx';

const T = ADMIN_TEXTS.matches;

/** The detail of one match in a dialog; a failed load says データの読み込みに失敗しました. */
export function MatchDetailModal({ matchId, onClose }: { matchId: string; onClose: () => void }) {
  const match = useAdminMatch(matchId);
  return (
    <Modal title={T.detailTitle(matchId)} onClose={onClose} size="lg">
      {match.isPending ? (
        <Skeleton lines={8} />
      ) : match.isError ? (
        <Notice tone="danger" title={T.loadFailed} live>
          <p>
            {T.detailFailed}: {match.error.message}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => match.refetch()}>
            {ADMIN_TEXTS.refresh}
          </button>
        </Notice>
      ) : (
        <MatchDetail match={match.data} />
      )}
    </Modal>
  );
}
