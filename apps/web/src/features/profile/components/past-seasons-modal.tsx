import { Icon } from '../../../components/icon.tsx';
import { Modal } from '../../../components/modal.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { SeasonRecordList } from '../../../components/season-record-list.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useRecords } from '../api/get-records.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';

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
        <SeasonRecordList records={records.data.records} />
      )}
    </Modal>
  );
}
