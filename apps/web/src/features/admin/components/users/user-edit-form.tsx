import type { AdminUserDetail } from '@rankmatch/shared';
import { useState } from 'react';
import { ADMIN_TEXTS } from '../../texts.ts';
import { EditFormEnd } from '../edit-form-end.tsx';
import { BadgeCataloguePicker } from './badge-catalogue-picker.tsx';
import { useUserEditState } from './use-user-edit-state.ts';
import { OwnedBadgesField, UserNumberFields, UserRoleChecks } from './user-edit-fields.tsx';

const T = ADMIN_TEXTS.users;

/** Edit mode: rate, penalties, ban, admin and owned badges; saving sends only what changed. */
export function UserEditForm({
  user,
  adminId,
  onCancel,
  onSaved,
}: {
  user: AdminUserDetail;
  adminId: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const name = user.trainer_name || user.discord_username;
  const { state, set, errors, unchanged, onSubmit, update, dialog } = useUserEditState(user, name, onSaved);
  const [picking, setPicking] = useState(false);

  return (
    <section className="card admin-user" aria-labelledby="admin-user-edit-title">
      <h2 id="admin-user-edit-title" className="card__title">
        {T.editTitle(name)}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <UserNumberFields user={user} state={state} errors={errors} set={set} />
        <UserRoleChecks state={state} isSelf={user.user_id === adminId} set={set} />
        <OwnedBadgesField owned={state.owned_badges} error={errors.owned_badges} onChoose={() => setPicking(true)} />
        <EditFormEnd unchanged={unchanged} update={update} failedTitle={T.updateFailed} onCancel={onCancel} />
      </form>
      {picking && (
        <BadgeCataloguePicker
          adminId={adminId}
          selected={state.owned_badges}
          onApply={(ids) => {
            set('owned_badges', ids);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
      {dialog}
    </section>
  );
}
