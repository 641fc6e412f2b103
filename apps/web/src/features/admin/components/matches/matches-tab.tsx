import { useState } from 'react';
import { EmptyState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { type MatchFilter, useAdminMatches } from '../../api/get-matches.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { FilterToolbar } from '../filter-toolbar.tsx';
import { MatchDetailModal } from './match-detail-modal.tsx';
import { MatchTable } from './match-table.tsx';

const T = ADMIN_TEXTS.matches;
const FILTERS: MatchFilter[] = ['all', 'matched', 'done'];

/** Match management: a status filter, the refresh button, the list and a detail modal. */
export function MatchesTab() {
  const [status, setStatus] = useState<MatchFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const matches = useAdminMatches(status);

  return (
    <section className="card" aria-labelledby="admin-matches-title">
      <FilterToolbar
        titleId="admin-matches-title"
        icon="swords"
        title={T.title}
        filterLabel={T.filterLabel}
        filters={FILTERS}
        labelOf={(f) => T.filters[f]}
        value={status}
        onChange={setStatus}
        onRefresh={() => matches.refetch()}
        refreshing={matches.isFetching}
      />
      {matches.isPending ? (
        <Skeleton lines={6} />
      ) : matches.isError ? (
        <Notice tone="danger" title={T.listFailed} live>
          <p>{matches.error.message}</p>
        </Notice>
      ) : matches.data.matches.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <MatchTable matches={matches.data.matches} onOpen={setOpenId} />
      )}
      {openId && <MatchDetailModal matchId={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
