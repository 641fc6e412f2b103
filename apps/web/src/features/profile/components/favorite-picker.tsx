import { FAVORITE_POKEMON_MAX, getCharacter, searchCharacters } from '@rankmatch/shared';
import { useId, useState } from 'react';
import { CharacterIcon } from '../../../components/character-icon.tsx';
import { PROFILE_TEXTS as T } from '../texts.ts';

const RESULT_LIMIT = 12;

/** Favourite characters: search by Japanese or English name, at most FAVORITE_POKEMON_MAX. */
export function FavoritePicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const full = value.length >= FAVORITE_POKEMON_MAX;
  const results = query.trim()
    ? searchCharacters(query)
        .filter((c) => !value.includes(c.pokemon_id))
        .slice(0, RESULT_LIMIT)
    : [];

  return (
    <div className="field">
      <div className="field__label-row">
        <label htmlFor={inputId} className="field__label">
          {T.favoriteSearch}
        </label>
        <span className="field__counter">
          {value.length}/{FAVORITE_POKEMON_MAX}
        </span>
      </div>
      <ul className="favorite-chips" aria-label={T.favorites}>
        {value.length === 0 && <li className="muted">{T.favoriteEmpty}</li>}
        {value.map((id) => {
          const name = getCharacter(id)?.name_ja ?? id;
          return (
            <li key={id} className="favorite-chip">
              <CharacterIcon pokemonId={id} size={24} />
              <span>{name}</span>
              <button
                type="button"
                className="favorite-chip__remove"
                onClick={() => onChange(value.filter((v) => v !== id))}
                aria-label={T.favoriteRemove(name)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <input
        id={inputId}
        className="input"
        type="search"
        value={query}
        placeholder={T.favoriteSearchPlaceholder}
        onChange={(e) => setQuery(e.target.value)}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
        disabled={full}
      />
      <p id={hintId} className="field__hint">
        {full ? T.favoriteFull(FAVORITE_POKEMON_MAX) : T.favoriteHint(FAVORITE_POKEMON_MAX)}
      </p>
      {query.trim() && !full && (
        <ul className="character-results">
          {results.length === 0 && <li className="muted">{T.favoriteNone}</li>}
          {results.map((c) => (
            <li key={c.pokemon_id}>
              <button
                type="button"
                className="character-option"
                onClick={() => {
                  onChange([...value, c.pokemon_id]);
                  setQuery('');
                }}
                aria-label={T.favoriteAdd(c.name_ja)}
              >
                <CharacterIcon pokemonId={c.pokemon_id} size={24} />
                <span>{c.name_ja}</span>
                <small className="muted">{c.name_en}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
