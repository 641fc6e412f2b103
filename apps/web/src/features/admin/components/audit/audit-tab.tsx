import { useState } from 'react';
import { Icon } from '../../../../components/icon.tsx';
import { EmptyState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { type AuditFilters, NO_AUDIT_FILTERS, useAuditLog } from '../../api/get-audit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { AuditFilterForm } from './audit-filter-form.tsx';
import { AuditList } from './audit-list.tsx';
import './audit.css';

const T = ADMIN_TEXTS.audit;

/** The audit log: who did what to which target, newest first, filtered, 50 at a time. */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section className="card" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="card__title">
        <Icon name="book" className="card__title-icon" />
        {T.title}
      </h2>
      <AuditFilterForm applied={filters} onApply={setFilters} />
      {log.isPending ? (
        <Skeleton lines={6} />
      ) : log.isError ? (
        <Notice tone="danger" title={T.loadFailed} live>
          <p>{log.error.message}</p>
        </Notice>
      ) : entries.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <>
          <AuditList entries={entries} />
          {log.hasNextPage && (
            <div className="admin-audit__more">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
              >
                {log.isFetchingNextPage ? T.loadingMore : T.more}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
