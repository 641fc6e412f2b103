import { ROLE_LABELS, ROLES, type Role } from '@rankmatch/shared';
import { RoleIcon } from '../../../components/role-icon.tsx';
import { QUEUE_TEXTS as T } from '../texts.ts';

/**
 * Ordered role preference (1–5 distinct roles, or none): a press adds the role as the next choice, a second press
 * removes it and the later choices move up.
 */
export function RolePicker({ value, onChange }: { value: Role[]; onChange: (roles: Role[]) => void }) {
  const toggle = (role: Role) =>
    onChange(value.includes(role) ? value.filter((r) => r !== role) : [...value, role].slice(0, ROLES.length));
  return (
    <fieldset className="role-picker">
      <legend className="field__label">{T.roles}</legend>
      <p className="field__hint" id="role-picker-hint">
        {T.rolesHint}
      </p>
      <div className="role-picker__options">
        {ROLES.map((role) => {
          const order = value.indexOf(role);
          return (
            <button
              key={role}
              type="button"
              className="role-option"
              aria-pressed={order >= 0}
              aria-describedby="role-picker-hint"
              onClick={() => toggle(role)}
            >
              <RoleIcon role={role} size={22} decorative />
              <span className="role-option__label">{ROLE_LABELS[role]}</span>
              {order >= 0 && (
                <span className="role-option__order">
                  <span aria-hidden="true">{order + 1}</span>
                  <span className="visually-hidden">（{T.rolesOrder(order + 1)}）</span>
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div className="role-picker__summary">
        <span aria-live="polite">
          {value.length === 0 ? T.rolesNone : value.map((r, i) => `${i + 1}. ${ROLE_LABELS[r]}`).join(' → ')}
        </span>
        {value.length > 0 && (
          <button type="button" className="button button--ghost button--small" onClick={() => onChange([])}>
            {T.rolesClear}
          </button>
        )}
      </div>
    </fieldset>
  );
}
