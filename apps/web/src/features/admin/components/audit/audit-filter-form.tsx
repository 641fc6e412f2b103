import { type FormEvent, useId, useState } from 'react';
import { type AuditFilters, NO_AUDIT_FILTERS } from '../../api/get-audit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.audit;

/** Actor id, action prefix (user., season., …) and target id; applied with 絞り込む. */
export function AuditFilterForm({ applied, onApply }: { applied: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const actorId = useId();
  const actionId = useId();
  const targetId = useId();
  const set = (field: keyof AuditFilters) => (value: string) => setDraft((prev) => ({ ...prev, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ actor: draft.actor.trim(), action: draft.action, target: draft.target.trim() });
  };
  const onClear = () => {
    setDraft(NO_AUDIT_FILTERS);
    onApply(NO_AUDIT_FILTERS);
  };

  return (
    <form className="admin-audit__filters" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={actorId} className="field__label">
          {T.actor}
        </label>
        <input
          id={actorId}
          className="input"
          value={draft.actor}
          onChange={(e) => set('actor')(e.target.value)}
          placeholder={T.actorPlaceholder}
        />
      </div>
      <div className="field">
        <label htmlFor={actionId} className="field__label">
          {T.action}
        </label>
        <select id={actionId} className="input" value={draft.action} onChange={(e) => set('action')(e.target.value)}>
          {Object.entries(T.actions).map(([prefix, label]) => (
            <option key={prefix} value={prefix}>
              {prefix ? `${label}（${prefix}）` : label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={targetId} className="field__label">
          {T.target}
        </label>
        <input
          id={targetId}
          className="input"
          value={draft.target}
          onChange={(e) => set('target')(e.target.value)}
          placeholder={T.targetPlaceholder}
        />
      </div>
      <div className="admin-audit__buttons">
        <button type="submit" className="button button--primary">
          {T.apply}
        </button>
        <button type="button" className="button button--ghost" onClick={onClear}>
          {T.clear}
        </button>
      </div>
    </form>
  );
}
