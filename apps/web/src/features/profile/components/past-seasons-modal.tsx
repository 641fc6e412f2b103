import { Icon } from '../../../components/icon.tsx';
import { Modal } from '../../../components/modal.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatInteger, formatPercent } from '../../../lib/format.ts';
import { useRecords } from '../api/get-records.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';
import { SeasonRecordBadges } from './season-record-badges.tsx';

/** The user's finished seasons, newest first as the server sends them, with the badges each end handed out. */
export function PastSeasonsModal({ userId, onClose }: { userId: string; onClose: () => void }) {
  const records = useRecords(userId);
  return (
    <Modal title={T.pastTitle} onClose={onClose} size="lg">
      {records.isPending ? (
        <Skeleton lines={4} />
      ) : records.isError ? (
        <ErrorState message={records.error.message} onRetry={() => records.refetch()} />
      ) : records.data.records.length === 0 ? (
        <EmptyState icon={<Icon name="calendar" size={32} />}>{T.pastEmpty}</EmptyState>
      ) : (
        <ul className="season-records">
          {records.data.records.map((r) => (
            <li key={r.season_id} className="season-record">
              <h3 className="season-record__name">{r.season_name}</h3>
              <dl className="stat-grid stat-grid--compact">
                <div className="stat">
                  <dt>{T.finalRank}</dt>
                  <dd>{T.rankValue(r.final_rank)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.finalRate}</dt>
                  <dd>{formatInteger(r.final_rate)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.maxRate}</dt>
                  <dd>{formatInteger(r.max_rate)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.winRate}</dt>
                  <dd>{formatPercent(r.win_rate)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.totalMatches}</dt>
                  <dd>{formatInteger(r.total_matches)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.wins}</dt>
                  <dd>{formatInteger(r.wins)}</dd>
                </div>
              </dl>
              <SeasonRecordBadges badges={r.badges} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
