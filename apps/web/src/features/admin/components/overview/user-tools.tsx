import { useState } from 'react';
import { Link } from 'react-router';
import { useDummyUsers } from '../../../../lib/auth/dummy-users.ts';
import { statusErrorText } from '../../errors.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ToolCard } from './tool-card.tsx';

const T = ADMIN_TEXTS.overview;

/** The test accounts (count and names on request) and the way to the match test screen. */
export function UserTools() {
  const [asked, setAsked] = useState(false);
  const dummies = useDummyUsers(asked);
  const list = () => (asked ? void dummies.refetch() : setAsked(true));
  return (
    <ToolCard title={T.usersTitle}>
      <div className="admin-tool__action">
        <button type="button" className="button button--secondary" onClick={list} disabled={dummies.isFetching}>
          {T.listDummies}
        </button>
        {asked && dummies.isFetching && (
          <p className="action-status" role="status">
            {ADMIN_TEXTS.running}
          </p>
        )}
        {asked && !dummies.isFetching && dummies.isError && (
          <p className="action-status action-status--error" role="alert">
            {T.dummiesFailed}（{statusErrorText(dummies.error)}）
          </p>
        )}
        {asked && !dummies.isFetching && dummies.data && (
          <div className="action-status action-status--success" role="status">
            <p>{T.dummyCount(dummies.data.dummy_users.length)}</p>
            <p className="admin-tool__names">
              {dummies.data.dummy_users.map((u) => `${u.trainer_name}（${u.user_id}）`).join('、')}
            </p>
          </div>
        )}
      </div>
      <div className="admin-tool__action">
        <Link to="/match_test" className="button button--secondary">
          {T.openMatchTest}
        </Link>
      </div>
    </ToolCard>
  );
}
