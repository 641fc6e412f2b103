import { useId } from 'react';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { ADMIN_TEXTS } from '../texts.ts';

/** The header of an admin list: its title, a status filter and the refresh button. */
export function FilterToolbar<F extends string>({
  titleId,
  icon,
  title,
  filterLabel,
  filters,
  labelOf,
  value,
  onChange,
  onRefresh,
  refreshing,
}: {
  titleId: string;
  icon: IconName;
  title: string;
  filterLabel: string;
  filters: readonly F[];
  labelOf: (filter: F) => string;
  value: F;
  onChange: (filter: F) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const filterId = useId();
  return (
    <header className="admin-toolbar">
      <h2 id={titleId} className="card__title">
        <Icon name={icon} className="card__title-icon" />
        {title}
      </h2>
      <div className="admin-toolbar__controls">
        <label htmlFor={filterId} className="field__label">
          {filterLabel}
        </label>
        <select
          id={filterId}
          className="input admin-toolbar__select"
          value={value}
          onChange={(e) => onChange(e.target.value as F)}
        >
          {filters.map((f) => (
            <option key={f} value={f}>
              {labelOf(f)}
            </option>
          ))}
        </select>
        <button type="button" className="button button--secondary" onClick={onRefresh} disabled={refreshing}>
          <Icon name="refresh" size={16} />
          {ADMIN_TEXTS.refresh}
        </button>
      </div>
    </header>
  );
}
