import type { AdminUserSearch } from '@rankmatch/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Icon } from '../../../../components/icon.tsx';
import { EmptyState } from '../../../../components/notice.tsx';
import { useUserSearch } from '../../api/search-users.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { UserDetail } from './user-detail.tsx';
import { UserResults } from './user-results.tsx';
import { UserSearchForm } from './user-search-form.tsx';
import './users.css';

const T = ADMIN_TEXTS.users;

/** User management: search on the left (top on phones), the chosen user's detail and edit form beside it. */
export function UsersTab({ adminId }: { adminId: string }) {
  const [search, setSearch] = useState<AdminUserSearch | null>(null);
  // ?user=… opens a user at once (the 通報・異議 tab links its players here).
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(() => params.get('user'));
  const results = useUserSearch(search);

  const onSearch = (input: AdminUserSearch) => {
    // The same search again (Enter pressed twice) asks the server again.
    if (search && JSON.stringify(search) === JSON.stringify(input)) void results.refetch();
    else setSearch(input);
  };

  return (
    <div className="admin-users">
      <section className="card admin-users__search" aria-labelledby="admin-user-search-title">
        <h2 id="admin-user-search-title" className="card__title">
          <Icon name="users" className="card__title-icon" />
          {T.searchTitle}
        </h2>
        <UserSearchForm onSearch={onSearch} searching={results.isFetching} />
        {search && <UserResults results={results} selected={selected} onSelect={setSelected} />}
      </section>
      <div className="admin-users__detail">
        {selected ? (
          <UserDetail key={selected} userId={selected} adminId={adminId} />
        ) : (
          <div className="card">
            <EmptyState>{T.pickHint}</EmptyState>
          </div>
        )}
      </div>
    </div>
  );
}
