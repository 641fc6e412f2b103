import type { AdminUserDetail } from '@rankmatch/shared';
import { useId } from 'react';
import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { ADMIN_TEXTS } from '../../texts.ts';
import type { UserEditState } from '../../user-edit.ts';
import type { SetUserEditField, UserEditErrors } from './use-user-edit-state.ts';

const T = ADMIN_TEXTS.users;

/** Rate (only with a running season), penalty count and correction. */
export function UserNumberFields({
  user,
  state,
  errors,
  set,
}: {
  user: AdminUserDetail;
  state: UserEditState;
  errors: UserEditErrors;
  set: SetUserEditField;
}) {
  return (
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
  );
}

/** Ban and admin switches; locked on the admin's own account. */
export function UserRoleChecks({
  state,
  isSelf,
  set,
}: {
  state: UserEditState;
  isSelf: boolean;
  set: SetUserEditField;
}) {
  return (
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
  );
}

/** The owned badges as chips, and the button that opens the catalogue picker. */
export function OwnedBadgesField({
  owned,
  error,
  onChoose,
}: {
  owned: string[];
  error: string | undefined;
  onChoose: () => void;
}) {
  return (
    <div className="field">
      <span className="field__label">{T.ownedInput}</span>
      <div className="admin-owned-edit">
        {owned.length === 0 ? (
          <span className="muted">{T.noOwned}</span>
        ) : (
          owned.map((id) => <BadgeChip key={id} badgeId={id} />)
        )}
      </div>
      <div>
        <button type="button" className="button button--secondary button--small" onClick={onChoose}>
          {T.chooseBadges}（{T.pickerSelected(owned.length)}）
        </button>
      </div>
      <p className="field__hint">{T.unequipNote}</p>
      <p className="field__hint">{T.equipNote}</p>
      {error && <p className="field__error">{error}</p>}
    </div>
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
