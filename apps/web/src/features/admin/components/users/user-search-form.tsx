import {
  ADMIN_SEARCH_LIMIT,
  ADMIN_SEARCH_TYPES,
  type AdminSearchType,
  type AdminUserSearch,
  adminUserSearchSchema,
  validationErrorOf,
} from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.users;

/** Keyword, search target and the search button; Enter searches too. An empty keyword is refused here, unsent. */
export function UserSearchForm({
  onSearch,
  searching,
}: {
  onSearch: (input: AdminUserSearch) => void;
  searching: boolean;
}) {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<AdminSearchType>('all');
  const [error, setError] = useState<string | null>(null);
  const queryId = useId();
  const typeId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminUserSearchSchema.safeParse({ query, search_type: type, limit: ADMIN_SEARCH_LIMIT });
    if (!parsed.success) {
      setError(validationErrorOf(parsed.error.issues[0]).message);
      return;
    }
    setError(null);
    onSearch(parsed.data);
  };

  return (
    <form className="admin-search" onSubmit={onSubmit} noValidate>
      <div className="field admin-search__query">
        <label htmlFor={queryId} className="field__label">
          {T.searchLabel}
        </label>
        <input
          id={queryId}
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={T.searchPlaceholder}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="field admin-search__type">
        <label htmlFor={typeId} className="field__label">
          {T.typeLabel}
        </label>
        <select id={typeId} className="input" value={type} onChange={(e) => setType(e.target.value as AdminSearchType)}>
          {ADMIN_SEARCH_TYPES.map((t) => (
            <option key={t} value={t}>
              {T.types[t]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary admin-search__button" disabled={searching}>
        {searching ? T.searching : T.search}
      </button>
      {error && (
        <p id={errorId} className="field__error admin-search__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
