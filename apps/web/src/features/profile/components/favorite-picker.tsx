import { type Character, FAVORITE_POKEMON_MAX, searchCharacters } from '@rankmatch/shared';
import { useId, useState } from 'react';
import { CharacterIcon, characterName } from '../../../components/character-icon.tsx';
import { PROFILE_TEXTS as T } from '../texts.ts';

const RESULT_LIMIT = 12;

/** The characters a search offers: those not chosen yet, at most RESULT_LIMIT; none for a blank query. */
function favoriteResultsOf(query: string, chosen: string[]): Character[] {
  if (!query.trim()) return [];
  return searchCharacters(query)
    .filter((c) => !chosen.includes(c.pokemon_id))
    .slice(0, RESULT_LIMIT);
}

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
  const results = favoriteResultsOf(query, value);

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
      <FavoriteChips value={value} onRemove={(id) => onChange(value.filter((v) => v !== id))} />
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
        <FavoriteResults
          results={results}
          onAdd={(id) => {
            onChange([...value, id]);
            setQuery('');
          }}
        />
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The chosen favourites as chips, each with its remove button. */
function FavoriteChips({ value, onRemove }: { value: string[]; onRemove: (id: string) => void }) {
  return (
    <ul className="favorite-chips" aria-label={T.favorites}>
      {value.length === 0 && <li className="muted">{T.favoriteEmpty}</li>}
      {value.map((id) => {
        const name = characterName(id);
        return (
          <li key={id} className="favorite-chip">
            <CharacterIcon pokemonId={id} size={24} />
            <span>{name}</span>
            <button
              type="button"
              className="favorite-chip__remove"
              onClick={() => onRemove(id)}
              aria-label={T.favoriteRemove(name)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The search's matches, each a button that adds it. */
function FavoriteResults({ results, onAdd }: { results: Character[]; onAdd: (id: string) => void }) {
  return (
    <ul className="character-results">
      {results.length === 0 && <li className="muted">{T.favoriteNone}</li>}
      {results.map((c) => (
        <li key={c.pokemon_id}>
          <button
            type="button"
            className="character-option"
            onClick={() => onAdd(c.pokemon_id)}
            aria-label={T.favoriteAdd(c.name_ja)}
          >
            <CharacterIcon pokemonId={c.pokemon_id} size={24} />
            <span>{c.name_ja}</span>
            <small className="muted">{c.name_en}</small>
          </button>
        </li>
      ))}
    </ul>
  );
}
