import type { AdminUserDetail } from '@rankmatch/shared';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useUpdateAdminUser } from '../../api/update-user.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { editStateOf, type UserEditField, type UserEditState, userUpdateOf } from '../../user-edit.ts';

const T = ADMIN_TEXTS.users;

export type UserEditErrors = Partial<Record<UserEditField, string>>;
export type SetUserEditField = <K extends UserEditField>(field: K, value: UserEditState[K]) => void;

/**
 * The user edit form's state: the values, their errors, whether the last save had nothing to send, and the submit that
 * asks before banning and sends only what changed. dialog is the ban confirm to render.
 */
export function useUserEditState(user: AdminUserDetail, name: string, onSaved: () => void) {
  const [state, setState] = useState<UserEditState>(() => editStateOf(user));
  const [errors, setErrors] = useState<UserEditErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  const update = useUpdateAdminUser();
  const updateOnce = useSingleFlight(update);
  const confirm = useConfirm();

  // An edited field's error goes at once: it described the value that was there (the save checks again).
  const set: SetUserEditField = (field, value) => {
    setState((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => {
      const { [field]: _gone, ...rest } = prev;
      return rest;
    });
    setUnchanged(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = userUpdateOf(user, state);
    setErrors(outcome.kind === 'invalid' ? outcome.errors : {});
    setUnchanged(outcome.kind === 'unchanged');
    if (outcome.kind !== 'changed') return;
    if (
      outcome.changes.is_banned === true &&
      !(await confirm.ask({ title: T.banConfirmTitle, message: T.banConfirm(name), confirmLabel: T.banConfirmButton }))
    ) {
      return;
    }
    updateOnce({ userId: user.user_id, changes: outcome.changes }, { onSuccess: onSaved });
  };

  return { state, set, errors, unchanged, onSubmit, update, dialog: confirm.dialog };
}
