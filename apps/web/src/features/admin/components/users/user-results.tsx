import type { AdminUserSearchReply, AdminUserSummary } from '@rankmatch/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { formatInteger } from '../../../../lib/format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.users;

/** The result count and a scrolling list of users; a row opens the user's detail. */
export function UserResults({
  results,
  selected,
  onSelect,
}: {
  results: UseQueryResult<AdminUserSearchReply['data']>;
  selected: string | null;
  onSelect: (userId: string) => void;
}) {
  if (results.isPending) return <Skeleton lines={4} />;
  if (results.isError) {
    return (
      <Notice tone="danger" title={T.searchFailed} live>
        <p>{results.error.message}</p>
      </Notice>
    );
  }
  const { users, count } = results.data;
  return (
    <div className="admin-results">
      <p className="admin-results__count" role="status">
        {T.resultCount(count)}
      </p>
      {users.length === 0 ? (
        <EmptyState>{T.noResults}</EmptyState>
      ) : (
        <ul className="admin-results__list" aria-label={T.listLabel}>
          {users.map((user) => (
            <li key={user.user_id}>
              <UserRow user={user} selected={user.user_id === selected} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function UserRow({
  user,
  selected,
  onSelect,
}: {
  user: AdminUserSummary;
  selected: boolean;
  onSelect: (userId: string) => void;
}) {
  return (
    <button
      type="button"
      className="admin-user-row"
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(user.user_id)}
    >
      <span className="admin-user-row__name">
        {user.trainer_name || <span className="muted">{ADMIN_TEXTS.notSet}</span>}
        {user.is_banned && <span className="admin-mark admin-mark--danger">{T.banned}</span>}
        {user.is_admin && <span className="admin-mark admin-mark--info">{T.admin}</span>}
        {user.is_dummy && <span className="admin-mark">{T.dummy}</span>}
        {user.deletion.deleted_at !== null ? (
          <span className="admin-mark">{T.deleted}</span>
        ) : (
          user.deletion.requested_at !== null && (
            <span className="admin-mark admin-mark--danger">{T.deletionPending}</span>
          )
        )}
      </span>
      <span className="admin-user-row__sub">
        {user.discord_username}・<span className="admin-mono">{user.user_id}</span>
      </span>
      <span className="admin-user-row__numbers">
        <span>
          {T.rate} {formatInteger(user.rate)}
        </span>
        <span className={user.effective_penalty > 0 ? 'text-danger' : undefined} data-testid="user-row-penalty">
          {T.penalty} {user.effective_penalty}
        </span>
      </span>
    </button>
  );
}
