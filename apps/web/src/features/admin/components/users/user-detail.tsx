import { useState } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useAdminUser } from '../../api/get-user.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { UserDetailView } from './user-detail-view.tsx';
import { UserEditForm } from './user-edit-form.tsx';
import { UserSanctions } from './user-sanctions.tsx';

const T = ADMIN_TEXTS.users;

/**
 * One user: the detail and their sanctions, or the edit form after 編集; a save returns to the (reloaded) detail.
 */
export function UserDetail({ userId, adminId }: { userId: string; adminId: string }) {
  const user = useAdminUser(userId);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (user.isPending) {
    return (
      <div className="card">
        <Skeleton lines={8} label={T.detailLoading} />
      </div>
    );
  }
  if (user.isError) {
    return (
      <div className="card">
        <Notice tone="danger" title={T.detailFailed} live>
          <p>{user.error.message}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => user.refetch()}>
            {ADMIN_TEXTS.refresh}
          </button>
        </Notice>
      </div>
    );
  }
  if (editing) {
    return (
      <UserEditForm
        user={user.data}
        adminId={adminId}
        onCancel={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          setSaved(true);
        }}
      />
    );
  }
  return (
    <>
      <UserDetailView
        user={user.data}
        saved={saved}
        onEdit={() => {
          setSaved(false);
          setEditing(true);
        }}
      />
      <UserSanctions userId={userId} name={user.data.trainer_name || ADMIN_TEXTS.notSet} />
    </>
  );
}
