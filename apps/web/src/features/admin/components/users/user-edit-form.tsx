import type { AdminUserDetail } from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { useUpdateAdminUser } from '../../api/update-user.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { editStateOf, type UserEditField, type UserEditState, userUpdateOf } from '../../user-edit.ts';
import { BadgeCataloguePicker } from './badge-catalogue-picker.tsx';

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
  const [state, setState] = useState<UserEditState>(() => editStateOf(user));
  const [errors, setErrors] = useState<Partial<Record<UserEditField, string>>>({});
  const [unchanged, setUnchanged] = useState(false);
  const [picking, setPicking] = useState(false);
  const update = useUpdateAdminUser();
  const confirm = useConfirm();
  const isSelf = user.user_id === adminId;
  const name = user.trainer_name || user.discord_username;

  const set = <K extends UserEditField>(field: K, value: UserEditState[K]) => {
    setState((prev) => ({ ...prev, [field]: value }));
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
    update.mutate({ userId: user.user_id, changes: outcome.changes }, { onSuccess: onSaved });
  };

  return (
    <section className="card admin-user" aria-labelledby="admin-user-edit-title">
      <h2 id="admin-user-edit-title" className="card__title">
        {T.editTitle(name)}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="admin-form-grid">
          <NumberField
            label={T.rateInput}
            value={state.rate}
            error={errors.rate}
            hint={user.season ? undefined : T.rateNoSeason}
            disabled={!user.season}
            onChange={(v) => set('rate', v)}
          />
          <NumberField
            label={T.penaltyCountInput}
            value={state.penalty_count}
            error={errors.penalty_count}
            onChange={(v) => set('penalty_count', v)}
          />
          <NumberField
            label={T.penaltyCorrectionInput}
            value={state.penalty_correction}
            error={errors.penalty_correction}
            onChange={(v) => set('penalty_correction', v)}
          />
        </div>

        <fieldset className="admin-checks">
          <label className="admin-check">
            <input
              type="checkbox"
              checked={state.is_banned}
              disabled={isSelf}
              onChange={(e) => set('is_banned', e.target.checked)}
            />
            {T.bannedInput}
          </label>
          <label className="admin-check">
            <input
              type="checkbox"
              checked={state.is_admin}
              disabled={isSelf}
              onChange={(e) => set('is_admin', e.target.checked)}
            />
            {T.adminInput}
          </label>
          {isSelf && <p className="field__hint">{T.selfLocked}</p>}
        </fieldset>

        <div className="field">
          <span className="field__label">{T.ownedInput}</span>
          <div className="admin-owned-edit">
            {state.owned_badges.length === 0 ? (
              <span className="muted">{T.noOwned}</span>
            ) : (
              state.owned_badges.map((id) => <BadgeChip key={id} badgeId={id} />)
            )}
          </div>
          <div>
            <button type="button" className="button button--secondary button--small" onClick={() => setPicking(true)}>
              {T.chooseBadges}（{T.pickerSelected(state.owned_badges.length)}）
            </button>
          </div>
          <p className="field__hint">{T.unequipNote}</p>
          <p className="field__hint">{T.equipNote}</p>
          {errors.owned_badges && <p className="field__error">{errors.owned_badges}</p>}
        </div>

        {unchanged && (
          <Notice tone="info" live>
            <p>{ADMIN_TEXTS.noChanges}</p>
          </Notice>
        )}
        {update.isError && (
          <Notice tone="danger" title={T.updateFailed} live>
            <p>{update.error.message}</p>
          </Notice>
        )}
        <div className="admin-form-actions">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={update.isPending}>
            {ADMIN_TEXTS.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? ADMIN_TEXTS.saving : ADMIN_TEXTS.save}
          </button>
        </div>
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
      {confirm.dialog}
    </section>
  );
}

/** A whole-number field typed as text (parsed on save, so a wrong entry gets the Japanese message). */
function NumberField({
  label,
  value,
  error,
  hint,
  disabled = false,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const messageId = useId();
  const message = error ?? hint;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="text"
        inputMode="numeric"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={message ? messageId : undefined}
      />
      {message && (
        <p id={messageId} className={error ? 'field__error' : 'field__hint'}>
          {message}
        </p>
      )}
    </div>
  );
}
