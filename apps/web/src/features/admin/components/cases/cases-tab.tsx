import { CASE_STATUSES, type CaseList, type CaseStatus } from '@rankmatch/shared';
import { useState } from 'react';
import { EmptyState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useAdminCases } from '../../api/get-cases.ts';
import { formatWait } from '../../case-format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { FilterToolbar } from '../filter-toolbar.tsx';
import { CaseDetailModal } from './case-detail-modal.tsx';
import { CaseListView } from './case-list.tsx';
import './cases.css';

const T = ADMIN_TEXTS.cases;

/** 通報・異議: the open (or closed) cases in the server's order, the open count and the median time to close. */
export function CasesTab() {
  const [status, setStatus] = useState<CaseStatus>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  const cases = useAdminCases(status);

  return (
    <section className="card admin-cases" aria-labelledby="admin-cases-title">
      <FilterToolbar
        titleId="admin-cases-title"
        icon="alert"
        title={T.title}
        filterLabel={T.filterLabel}
        filters={CASE_STATUSES}
        labelOf={(f) => T.filters[f]}
        value={status}
        onChange={setStatus}
        onRefresh={() => cases.refetch()}
        refreshing={cases.isFetching}
      />
      {cases.data && <CaseStats list={cases.data} />}
      {cases.isPending ? (
        <Skeleton lines={6} />
      ) : cases.isError ? (
        <Notice tone="danger" title={T.listFailed} live>
          <p>{cases.error.message}</p>
        </Notice>
      ) : cases.data.cases.length === 0 ? (
        <EmptyState>{status === 'open' ? T.emptyOpen : T.emptyClosed}</EmptyState>
      ) : (
        <CaseListView cases={cases.data.cases} onOpen={setOpenId} />
      )}
      {openId !== null && <CaseDetailModal caseId={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}

/** 「未対応 12件・対応までの中央値 3時間」 */
function CaseStats({ list }: { list: CaseList }) {
  const median = list.median_close_seconds === null ? T.medianNone : formatWait(list.median_close_seconds);
  return (
    <p className="admin-cases__stats" data-testid="case-stats">
      {T.stats(list.open_count, median)}
    </p>
  );
}
